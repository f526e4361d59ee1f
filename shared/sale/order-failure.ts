import type { ServiceErrorKind } from '../service-errors';

/** The last failure of the order's request (ServiceFailure, flattened). */
export interface OrderFailure {
  kind: ServiceErrorKind;
  message: string;
  serviceMessage: string | null;
  serviceCode: string | null;
  httpStatus: number | null;
}
