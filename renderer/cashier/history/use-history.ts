import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallFailure } from '../../../shared/ipc/contract-kit';
import type { OrderFilter } from '../../../shared/history/order-filter';
import type { OrderSummary } from '../../../shared/ipc/views';
import type { PeriodReport } from '../../../shared/reports/report-types';
import { callPos } from '../shell/pos';
import { usePosListener } from '../shell/use-pos';
import { rangeProblem, type DateRange } from './date-range';
import { withCashiersOf, type KnownCashiers } from './filter-choices';

/** What the order list was last asked to show. */
type ListRequest =
  { kind: 'range'; range: DateRange; filter: OrderFilter } | { kind: 'search'; text: string };

export interface History {
  /** The days shown (the till's today until the cashier picks others), null until known. */
  range: DateRange | null;
  filter: OrderFilter;
  orders: OrderSummary[] | null;
  /** The list was cut at `limit` orders: the range holds more that pass the filter. */
  cut: { limit: number } | null;
  report: PeriodReport | null;
  /** The search whose matches the list shows, or null when it shows the range. */
  searched: string | null;
  failure: CallFailure | null;
  /** Cashiers the lists named so far, for the cashier filter. */
  cashiers: KnownCashiers;
  /** Why the dates picked cannot be shown (reversed, too long), or null. */
  rangeProblem: string | null;
  chooseRange: (range: DateRange) => void;
  chooseFilter: (filter: OrderFilter) => void;
  /** The range's orders again, instead of the matches of a search. */
  showRange: () => void;
  search: (text: string) => void;
  /** The list and report again as they are now (an order in it changed), range or search. */
  reload: () => void;
}

/**
 * The range's orders (filtered in main) and report, and searches by reference. Only the latest
 * request's answer is shown: a slow answer to a search the cashier already replaced (or to
 * dates or a filter already left) never overwrites the list of the newer one. New and changed
 * orders reload the range.
 */
export function useHistory(): History {
  const [range, setRange] = useState<DateRange | null>(null);
  const [filter, setFilter] = useState<OrderFilter>({});
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  const [cut, setCut] = useState<{ limit: number } | null>(null);
  const [report, setReport] = useState<PeriodReport | null>(null);
  const [searched, setSearched] = useState<string | null>(null);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const [cashiers, setCashiers] = useState<KnownCashiers>(() => new Map());
  // Numbers of the latest list and report requests; an answer to an older one is dropped.
  const latestList = useRef(0);
  const latestReport = useRef(0);
  const wanted = useRef<ListRequest | null>(null);
  const problem = range ? rangeProblem(range) : null;

  const beginList = useCallback((request: ListRequest) => {
    wanted.current = request;
    latestList.current += 1;
    const ticket = latestList.current;
    return () => ticket === latestList.current;
  }, []);

  // The answer is applied in a callback, never in the caller's task: the effect below starts
  // a load without setting state itself.
  const loadList = useCallback(
    (days: DateRange, chosen: OrderFilter) => {
      const isLatest = beginList({ kind: 'range', range: days, filter: chosen });
      void callPos('listOrders', { ...days, filter: chosen }).then((list) => {
        if (!isLatest()) return;
        if (!list.ok) return setFailure(list.error);
        setFailure(null);
        setSearched(null);
        setOrders(list.value.orders);
        setCashiers((known) => withCashiersOf(known, list.value.orders));
        setCut(list.value.truncated ? { limit: list.value.limit } : null);
      });
    },
    [beginList],
  );

  const loadReport = useCallback((days: DateRange) => {
    latestReport.current += 1;
    const ticket = latestReport.current;
    void callPos('report', days).then((totals) => {
      if (ticket !== latestReport.current) return;
      if (!totals.ok) return setFailure(totals.error);
      setReport(totals.value);
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
    if (range && rangeProblem(range) === null) loadReport(range);
  }, [range, loadReport]);

  useEffect(() => {
    if (range && rangeProblem(range) === null) loadList(range, filter);
  }, [range, filter, loadList]);

  usePosListener('sale-changed', () => {
    const current = wanted.current;
    if (current?.kind !== 'range') return;
    loadList(current.range, current.filter);
    loadReport(current.range);
  });

  const search = useCallback(
    async (text: string) => {
      const isLatest = beginList({ kind: 'search', text });
      const result = await callPos('searchOrders', { query: text.slice(0, 64) });
      if (!isLatest()) return;
      if (!result.ok) return setFailure(result.error);
      setSearched(text);
      setCut(null);
      setOrders(result.value);
      setCashiers((known) => withCashiersOf(known, result.value));
    },
    [beginList],
  );

  const showRange = useCallback(() => {
    setSearched(null);
    if (range && rangeProblem(range) === null) loadList(range, filter);
  }, [range, filter, loadList]);

  return {
    range,
    filter,
    orders,
    cut,
    report,
    searched,
    failure,
    cashiers,
    rangeProblem: problem,
    chooseRange: (next) => {
      setSearched(null);
      setRange(next);
    },
    chooseFilter: (next) => {
      setSearched(null);
      setFilter(next);
    },
    showRange,
    search: (text) => {
      const trimmed = text.trim();
      if (trimmed === '') showRange();
      else void search(trimmed);
    },
    reload: () => {
      const current = wanted.current;
      if (range && rangeProblem(range) === null) {
        loadReport(range);
        if (current?.kind !== 'search') loadList(range, filter);
      }
      if (current?.kind === 'search') void search(current.text);
    },
  };
}
