/**
 * A screen that only says "wait" (the cashier's "Asking the payment service…", the customer's
 * "Preparing your payment" and "Processing") appears once the wait has lasted this long. A
 * service that answers sooner goes straight to the QR or the outcome: no screen flashes past,
 * and neither page is busy drawing one when the QR the customer waits for arrives.
 */
export const WAIT_SCREEN_DELAY_MS = 300;

/**
 * How long an outcome (paid, cancelled, expired...) stays in front of the customer, and how
 * long a paid, cancelled or voided sale stays on the cashier's screen before the till is
 * ready for the next one by itself.
 */
export const OUTCOME_HOLD_MS = 6_000;
