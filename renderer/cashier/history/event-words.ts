import type { EventActor, OrderDetailEvent } from '../../../shared/history/order-detail';
import { stateShortLabel } from '../sale/sale-state-words';

/** Who moved the order, in the cashier's words. */
export function actorWords(actor: EventActor): string {
  switch (actor.kind) {
    case 'staff':
      return actor.name ?? 'Removed staff member';
    case 'nobody-signed-in':
      return 'Unknown (nobody signed in)';
    case 'service':
      return 'The payment service';
    case 'till':
      return 'The till';
  }
}

/** "Paid (cashier) → Voided", or "Started: Requesting" for the order's first event. */
export function changeWords(event: Pick<OrderDetailEvent, 'fromState' | 'toState'>): string {
  if (event.fromState === null) return `Started: ${stateShortLabel[event.toState]}`;
  return `${stateShortLabel[event.fromState]} → ${stateShortLabel[event.toState]}`;
}

/** What was written or said with the event: the reason, the service's words, the failure. */
export function eventNotes(event: OrderDetailEvent): string[] {
  const notes: string[] = [];
  if (event.note) notes.push(event.note);
  if (event.message) notes.push(event.message);
  if (event.serviceMessage)
    notes.push(
      `The service said: ${event.serviceMessage}${event.serviceCode ? ` (${event.serviceCode})` : ''}`,
    );
  else if (event.serviceCode) notes.push(`Service code ${event.serviceCode}`);
  if (event.httpStatus !== null) notes.push(`HTTP ${event.httpStatus}`);
  if (event.requestedBy)
    notes.push(`Asked by ${event.requestedBy.name ?? 'a removed staff member'}, approved by PIN`);
  return notes;
}
