import type { PaymentServiceClient } from '../service-client/payment-service-client';

/** The two calls of the payment service the sale makes; tests pass a fake with the same shape. */
export type SalePaymentClient = Pick<
  PaymentServiceClient,
  'createPaymentLink' | 'submitNfcPayment'
>;
