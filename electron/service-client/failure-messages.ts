import type { ServiceFailure } from '../../shared/service-errors';

export type HttpMethod = 'GET' | 'POST';

/** The facts a failure is worded from; every string here must already be token-free. */
export interface FailureFacts {
  method: HttpMethod;
  /** Short technical detail for IT (e.g. "HTTP 502", "not JSON"); shown in brackets. */
  detail?: string;
  serviceMessage?: string;
  serviceCode?: string;
  httpStatus?: number;
  /** How many times a GET was tried in all. */
  attempts?: number;
}

const POST_MAY_EXIST =
  'The order may have been created: retry the same order or void it, never start a new one.';

/** A ServiceFailure with plain words for the cashier (shared/service-errors.ts: message). */
export function describeFailure(kind: ServiceFailure['kind'], facts: FailureFacts): ServiceFailure {
  const tries = facts.attempts && facts.attempts > 1 ? ` (tried ${facts.attempts} times)` : '';
  const detail = facts.detail ? ` (${facts.detail})` : '';
  let message: string;
  switch (kind) {
    case 'no-connection':
      message =
        `Could not reach the payment service${tries}. Check the network connection, then try again.` +
        (facts.method === 'POST' ? ' Nothing was sent, so trying again is safe.' : '');
      break;
    case 'timeout':
      message = `The payment service did not answer in time${tries}. Try again in a moment.`;
      break;
    case 'outcome-unknown':
      message = `The request reached the payment service but no answer came back${detail}, so it may or may not have been processed. ${POST_MAY_EXIST}`;
      break;
    case 'rejected':
      message = facts.serviceMessage
        ? `The payment service refused the request: ${facts.serviceMessage}`
        : 'The payment service refused the request without saying why.';
      break;
    case 'invalid-token':
      message =
        'The payment service did not accept the API token. Ask IT to check the token in the settings.';
      break;
    case 'bad-response':
      message =
        `The payment service sent an answer the app cannot read${detail}${tries}.` +
        (facts.method === 'POST'
          ? ` ${POST_MAY_EXIST}`
          : ' Try again; if it keeps happening, call IT.');
      break;
    case 'link-check-failed':
      // `detail` is the link check's own sentence ("The payment link was refused: …").
      message = `${facts.detail ?? 'The payment link from the service failed a safety check.'} It is not shown: void this order and try again, or call IT.`;
      break;
    case 'invalid-request':
      // `detail` is a full sentence from the check that refused the request.
      message = `${facts.detail ?? 'The request is not valid.'} Nothing was sent to the payment service.`;
      break;
  }
  const failure: ServiceFailure = { kind, message };
  if (facts.serviceMessage !== undefined) failure.serviceMessage = facts.serviceMessage;
  if (facts.serviceCode !== undefined) failure.serviceCode = facts.serviceCode;
  if (facts.httpStatus !== undefined) failure.httpStatus = facts.httpStatus;
  return failure;
}
