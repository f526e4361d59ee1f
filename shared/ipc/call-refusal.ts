import type { CallFailure } from './contract-kit';

/**
 * A failure a handler or a service throws on purpose, already in words for the cashier: its
 * kind and message reach the page as they are (electron/app/dispatch-call.ts).
 */
export class CallRefusal extends Error {
  constructor(
    readonly kind: string,
    message: string,
    readonly detail?: CallFailure['detail'],
  ) {
    super(message);
    this.name = 'CallRefusal';
  }
}
