import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditKind } from '../../../shared/audit/audit-kinds';
import type { AuditList, AuditQuery } from '../../../shared/audit/audit-views';
import type { CallFailure } from '../../../shared/ipc/contract-kit';
import { rangeProblem, type DateRange } from '../history/date-range';
import { callPos } from '../shell/pos';

interface AuditFilter {
  kind: AuditKind | null;
  staffId: string | null;
}

export interface AuditView {
  range: DateRange | null;
  filter: AuditFilter;
  list: AuditList | null;
  failure: CallFailure | null;
  /** Why the dates picked cannot be shown, or null. */
  rangeProblem: string | null;
  /** The query the list answers, for the export (null until the dates are usable). */
  query: AuditQuery | null;
  chooseRange: (range: DateRange) => void;
  chooseFilter: (filter: AuditFilter) => void;
  reload: () => void;
}

function queryOf(range: DateRange, filter: AuditFilter): AuditQuery {
  return {
    ...range,
    ...(filter.kind !== null ? { kind: filter.kind } : {}),
    ...(filter.staffId !== null ? { staffId: filter.staffId } : {}),
  };
}

/**
 * The audit rows of a range of days (today until the manager picks others), filtered by kind
 * of act and person in main. Only the latest request's answer is shown.
 */
export function useAudit(): AuditView {
  const [range, setRange] = useState<DateRange | null>(null);
  const [filter, setFilter] = useState<AuditFilter>({ kind: null, staffId: null });
  const [list, setList] = useState<AuditList | null>(null);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const latest = useRef(0);
  const problem = range ? rangeProblem(range) : null;
  const query = range && problem === null ? queryOf(range, filter) : null;

  const load = useCallback((asked: AuditQuery) => {
    latest.current += 1;
    const ticket = latest.current;
    void callPos('auditEvents', asked).then((result) => {
      if (ticket !== latest.current) return;
      if (!result.ok) return setFailure(result.error);
      setFailure(null);
      setList(result.value);
    });
  }, []);

  useEffect(() => {
    void callPos('todayDate', {}).then((result) =>
      result.ok
        ? setRange({ fromDate: result.value, toDate: result.value })
        : setFailure(result.error),
    );
  }, []);

  useEffect(() => {
    if (range && rangeProblem(range) === null) load(queryOf(range, filter));
  }, [range, filter, load]);

  return {
    range,
    filter,
    list,
    failure,
    rangeProblem: problem,
    query,
    chooseRange: setRange,
    chooseFilter: setFilter,
    reload: () => {
      if (query) load(query);
    },
  };
}
