import type { OrderRecord } from '../journal/order-record';
import { moneyOf } from '../reports/order-money';
import {
  isTerminal,
  saleStates,
  type OrderKind,
  type SaleState,
} from '../../shared/sale/sale-states';
import { outcomeOf, outcomes } from './shift-outcomes';
import type {
  CashierSlice,
  EarlierOrderPaidLine,
  EarlierPaymentVoidedLine,
  OrderLine,
  Outcome,
  ShiftReport,
  Slice,
  StaffRef,
  Takings,
  Totals,
} from '../../shared/shifts/shift-report-types';
import { compareText, totalsOf } from './shift-totals';
import type { ShiftRow } from '../../shared/shifts/shift-views';

/** An order of another shift (or of none) and when it was marked paid. */
export interface EarlierOrderPaid {
  /** In its paid state. */
  order: OrderRecord;
  paidAtMs: number;
}

/** A payment of another shift (or of none) voided while this shift was open. */
export interface EarlierPaymentVoided {
  /** In its voided state. */
  order: OrderRecord;
  voidedAtMs: number;
}

export interface ShiftReportInput {
  shift: ShiftRow;
  /** Every order the shift started, each in its state at the cut-off. */
  orders: readonly OrderRecord[];
  earlierOrdersPaid: readonly EarlierOrderPaid[];
  /** Payments of other shifts voided in this one (none when left out). */
  earlierPaymentsVoided?: readonly EarlierPaymentVoided[];
  /** The money moved in the report's window (left out: none reported). */
  takings?: Takings;
  /** The last journal event taken in (see ShiftReport.throughEventId). */
  throughEventId: number;
  /** Staff names by id; an id missing here is named "Unknown" as a null one is. */
  names: ReadonlyMap<string, string>;
}

const UNKNOWN = 'Unknown';

/** The report of one shift from its orders: pure, so a stored Z report can be made again. */
export function shiftReport(input: ShiftReportInput): ShiftReport {
  const { shift, orders, names } = input;
  const who = (staffId: string | null): StaffRef => ({
    staffId,
    name: (staffId === null ? undefined : names.get(staffId)) ?? UNKNOWN,
  });
  const line = (order: OrderRecord): OrderLine => lineOf(order, who(order.cashierId));
  const inState = (test: (state: SaleState) => boolean) =>
    orders
      .filter((order) => test(order.state))
      .sort(oldestFirst)
      .map(line);

  const byOutcome = Object.fromEntries(
    outcomes.map((outcome) => [
      outcome,
      totalsOf(orders.filter((order) => outcomeOf(order.state) === outcome)),
    ]),
  ) as Record<Outcome, Totals>;

  const stateCounts = new Map<SaleState, number>();
  for (const order of orders) stateCounts.set(order.state, (stateCounts.get(order.state) ?? 0) + 1);

  const kinds: readonly OrderKind[] = ['qr', 'nfc'];
  const byWay = Object.fromEntries(
    kinds.map((kind) => [kind, sliceOf(orders.filter((order) => order.kind === kind))]),
  ) as Record<OrderKind, Slice>;

  const cashiers = new Map<string | null, OrderRecord[]>();
  for (const order of orders) {
    const list = cashiers.get(order.cashierId) ?? [];
    list.push(order);
    cashiers.set(order.cashierId, list);
  }
  const byCashier: CashierSlice[] = [...cashiers]
    .map(([staffId, list]) => ({ cashier: who(staffId), ...sliceOf(list) }))
    .sort(
      (a, b) =>
        compareText(a.cashier.name, b.cashier.name) ||
        compareText(a.cashier.staffId, b.cashier.staffId),
    );

  // Sales made while no shift was open, which this shift took in when it opened.
  const takenBeforeOpening = orders
    .filter((order) => order.createdAtMs < shift.openedAtMs)
    .sort(oldestFirst)
    .map(line);

  const earlierOrdersPaid: EarlierOrderPaidLine[] = [...input.earlierOrdersPaid]
    .sort((a, b) => a.paidAtMs - b.paidAtMs || oldestFirst(a.order, b.order))
    .map(({ order, paidAtMs }) => ({ ...line(order), shiftId: order.shiftId, paidAtMs }));

  const earlierPaymentsVoided: EarlierPaymentVoidedLine[] = [...(input.earlierPaymentsVoided ?? [])]
    .sort((a, b) => a.voidedAtMs - b.voidedAtMs || oldestFirst(a.order, b.order))
    .map(({ order, voidedAtMs }) => ({ ...line(order), shiftId: order.shiftId, voidedAtMs }));

  return {
    shiftId: shift.shiftId,
    // Only a continuing shift has the key: older stored reports have none and stay equal.
    ...(shift.reopensShiftId === null
      ? {}
      : { continues: { shiftId: shift.reopensShiftId, reopenedBy: who(shift.reopenedBy) } }),
    serialNumber: shift.serialNumber,
    openedAtMs: shift.openedAtMs,
    openedBy: who(shift.openedBy),
    closedAtMs: shift.closedAtMs,
    closedBy: shift.closedAtMs === null ? null : who(shift.closedBy),
    throughEventId: input.throughEventId,
    orders: totalsOf(orders),
    byOutcome,
    byState: saleStates
      .filter((state) => stateCounts.has(state))
      .map((state) => ({ state, count: stateCounts.get(state) ?? 0 })),
    byWay,
    byCashier,
    voided: inState((state) => state === 'voided'),
    latePayments: inState((state) => state === 'paid-after-all'),
    unresolved: inState((state) => !isTerminal(state)),
    // Only when there are some: stored reports without the list stay equal when made again.
    ...(takenBeforeOpening.length > 0 ? { takenBeforeOpening } : {}),
    earlierOrdersPaid,
    // Only when there are some: reports stored before this list existed stay equal when made again.
    ...(earlierPaymentsVoided.length > 0 ? { earlierPaymentsVoided } : {}),
    ...(input.takings ? { takings: input.takings } : {}),
  };
}

function sliceOf(orders: readonly OrderRecord[]): Slice {
  const counts = Object.fromEntries(outcomes.map((outcome) => [outcome, 0])) as Record<
    Outcome,
    number
  >;
  for (const order of orders) counts[outcomeOf(order.state)]++;
  return {
    count: orders.length,
    outcomes: counts,
    paid: totalsOf(orders.filter((order) => outcomeOf(order.state) === 'paid')),
  };
}

function lineOf(order: OrderRecord, cashier: StaffRef): OrderLine {
  return {
    orderId: order.orderId,
    reference: order.reference,
    kind: order.kind,
    state: order.state,
    createdAtMs: order.createdAtMs,
    amount: order.amount,
    fee: order.fee,
    asset: order.asset,
    chainId: order.chainId,
    chainName: order.chainName,
    money: moneyOf(order),
    cashier,
  };
}

function oldestFirst(a: OrderRecord, b: OrderRecord): number {
  return a.createdAtMs - b.createdAtMs || compareText(a.orderId, b.orderId);
}
