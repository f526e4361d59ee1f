import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallFailure } from '../../../shared/ipc/contract-kit';
import type { OrderSummary } from '../../../shared/ipc/views';
import type { PeriodReport } from '../../../shared/reports/report-types';
import { callPos } from '../shell/pos';
import { usePosListener } from '../shell/use-pos';

/** What the order list was last asked to show. */
type ListRequest = { kind: 'day'; day: string } | { kind: 'search'; text: string };

export interface History {
  /** The day shown (the till's today until the cashier picks another), null until known. */
  date: string | null;
  orders: OrderSummary[] | null;
  report: PeriodReport | null;
  /** The search whose matches the list shows, or null when it shows the day. */
  searched: string | null;
  failure: CallFailure | null;
  chooseDay: (day: string) => void;
  /** The day's orders again, instead of the matches of a search. */
  showDay: () => void;
  search: (text: string) => void;
  /** The list and report again as they are now (an order in it changed), day or search. */
  reload: () => void;
}

/**
 * The day's orders and report, and searches by reference. Only the latest request's answer
 * is shown: a slow answer to a search the cashier already replaced (or to a day already left)
 * never overwrites the list of the newer one. New and changed orders reload the day.
 */
export function useHistory(): History {
  const [date, setDate] = useState<string | null>(null);
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  const [report, setReport] = useState<PeriodReport | null>(null);
  const [searched, setSearched] = useState<string | null>(null);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  // Numbers of the latest list and report requests; an answer to an older one is dropped.
  const latestList = useRef(0);
  const latestReport = useRef(0);
  const wanted = useRef<ListRequest | null>(null);

  const beginList = useCallback((request: ListRequest) => {
    wanted.current = request;
    latestList.current += 1;
    const ticket = latestList.current;
    return () => ticket === latestList.current;
  }, []);

  // The answer is applied in a callback, never in the caller's task: the effect below starts
  // a load without setting state itself.
  const loadDay = useCallback(
    (day: string) => {
      const listIsLatest = beginList({ kind: 'day', day });
      latestReport.current += 1;
      const reportTicket = latestReport.current;
      void fetchDay(day).then(({ list, totals }) => {
        if (reportTicket !== latestReport.current) return;
        if (!totals.ok) return setFailure(totals.error);
        setReport(totals.value);
        if (!listIsLatest()) return;
        if (!list.ok) return setFailure(list.error);
        setFailure(null);
        setSearched(null);
        setOrders(list.value);
      });
    },
    [beginList],
  );

  useEffect(() => {
    void callPos('todayDate', {}).then((result) =>
      result.ok ? setDate(result.value) : setFailure(result.error),
    );
  }, []);

  useEffect(() => {
    if (date) loadDay(date);
  }, [date, loadDay]);

  usePosListener('sale-changed', () => {
    if (wanted.current?.kind === 'day') loadDay(wanted.current.day);
  });

  const search = useCallback(
    async (text: string) => {
      const isLatest = beginList({ kind: 'search', text });
      const result = await callPos('searchOrders', { query: text.slice(0, 64) });
      if (!isLatest()) return;
      if (!result.ok) return setFailure(result.error);
      setSearched(text);
      setOrders(result.value);
    },
    [beginList],
  );

  const showDay = useCallback(() => {
    setSearched(null);
    if (date) loadDay(date);
  }, [date, loadDay]);

  const chooseDay = useCallback((day: string) => {
    setSearched(null);
    setDate(day);
  }, []);

  return {
    date,
    orders,
    report,
    searched,
    failure,
    chooseDay,
    showDay,
    search: (text) => {
      const trimmed = text.trim();
      if (trimmed === '') showDay();
      else void search(trimmed);
    },
    reload: () => {
      const current = wanted.current;
      if (date) loadDay(date);
      if (current?.kind === 'search') void search(current.text);
    },
  };
}

function fetchDay(day: string) {
  return Promise.all([
    callPos('listOrders', { fromDate: day, toDate: day }),
    callPos('report', { fromDate: day, toDate: day }),
  ]).then(([list, totals]) => ({ list, totals }));
}
