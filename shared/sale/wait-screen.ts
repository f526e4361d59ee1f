/**
 * A screen that only says "wait" (the cashier's "Asking the payment service…", the customer's
 * "Preparing your payment" and "Processing") appears once the wait has lasted this long. A
 * service that answers sooner goes straight to the QR or the outcome: no screen flashes past,
 * and neither page is busy drawing one when the QR the customer waits for arrives.
 */
export const WAIT_SCREEN_DELAY_MS = 300;
