import { serviceErrorKinds, type ServiceErrorKind } from '../../../shared/service-errors';

/**
 * Every way a call can fail, in words a cashier can act on: a short title, and the next step
 * (retry, check the connection, call IT about the token…). The failure's own message (written
 * by main, e.g. the service client) is shown under the title; the service's `msg`, when there
 * is one, is shown as it came.
 */
type NextStep =
  | 'retry'
  | 'check-connection'
  | 'call-it-token'
  | 'resolve-order'
  | 'fix-input'
  | 'wait'
  | 'call-it';

export interface FailureWords {
  title: string;
  nextStep: string;
  step: NextStep;
}

export const serviceFailureWords: Record<ServiceErrorKind, FailureWords> = {
  'no-connection': {
    title: 'No connection to the payment service',
    nextStep: 'Check the network cable or Wi-Fi, then press Retry.',
    step: 'check-connection',
  },
  timeout: {
    title: 'The payment service is slow to answer',
    nextStep: 'Wait a moment, then press Retry.',
    step: 'retry',
  },
  'outcome-unknown': {
    title: 'No answer: the order may or may not exist',
    nextStep:
      'Press "Retry same order" to ask again for the same order, or "Void" to give it up. Do not start a new sale for it.',
    step: 'resolve-order',
  },
  rejected: {
    title: 'The payment service refused',
    nextStep: 'Read the service’s reason below; correct the sale or start a new one.',
    step: 'fix-input',
  },
  'invalid-token': {
    title: 'The API token was not accepted',
    nextStep: 'Call IT: the API token in Settings is wrong or was revoked.',
    step: 'call-it-token',
  },
  'bad-response': {
    title: 'The payment service sent an unreadable answer',
    nextStep: 'Retry; if it happens again, call IT.',
    step: 'retry',
  },
  'link-check-failed': {
    title: 'The payment link failed a safety check',
    nextStep:
      'The link was not shown to the customer. Void this order and try again; if it repeats, call IT.',
    step: 'resolve-order',
  },
  'invalid-request': {
    title: 'The sale could not be sent',
    nextStep: 'Check the amount and the settings (serial number, currency, fee), then try again.',
    step: 'fix-input',
  },
};

/** Kinds main answers for calls besides service errors (app-services, call-failure, sale rules, IPC). */
const callFailureWords: Record<string, FailureWords> = {
  starting: {
    title: 'The till is still starting',
    nextStep: 'Wait a few seconds, then try again.',
    step: 'wait',
  },
  'sale-in-progress': {
    title: 'Another sale is still open',
    nextStep: 'Finish, cancel or void the open sale first.',
    step: 'resolve-order',
  },
  'not-allowed': {
    title: 'That is not possible right now',
    nextStep: 'The till shows what can be done now; use the buttons shown.',
    step: 'retry',
  },
  'needs-manager': {
    title: 'A manager is needed',
    nextStep: 'Ask a manager to approve it with their PIN.',
    step: 'retry',
  },
  'signed-out': {
    title: 'Nobody is signed in',
    nextStep: 'Sign in with your PIN, then try again.',
    step: 'retry',
  },
  'wrong-pin': {
    title: 'Wrong PIN',
    nextStep: 'Type the PIN again.',
    step: 'fix-input',
  },
  locked: {
    title: 'Locked for a while',
    nextStep: 'Too many wrong PINs: wait, or ask a manager to set a new PIN.',
    step: 'wait',
  },
  'unknown-staff': {
    title: 'Not on the staff list',
    nextStep: 'Pick a name from the list.',
    step: 'fix-input',
  },
  'name-taken': {
    title: 'Name already on the list',
    nextStep: 'Choose another name, for example with an initial.',
    step: 'fix-input',
  },
  'shift-open': {
    title: 'A shift is open',
    nextStep: 'Close the open shift first.',
    step: 'resolve-order',
  },
  'no-shift': {
    title: 'No shift is open',
    nextStep: 'Open a shift on the Shift screen.',
    step: 'fix-input',
  },
  unresolved: {
    title: 'Sales of this shift are not finished',
    nextStep: 'Finish them, or close the shift with them listed on the Z report.',
    step: 'resolve-order',
  },
  'no-report': {
    title: 'No such Z report',
    nextStep: 'Pick a Z report from the list.',
    step: 'fix-input',
  },
  'not-latest': {
    title: 'Only the last shift can be reopened',
    nextStep: 'Open a new shift instead.',
    step: 'fix-input',
  },
  final: {
    title: 'This Z report is final',
    nextStep: 'Open a new shift and record corrections there.',
    step: 'fix-input',
  },
  'invalid-sale': {
    title: 'The sale is not valid',
    nextStep: 'Check the amount, asset and fee.',
    step: 'fix-input',
  },
  'unknown-chain': {
    title: 'Chain not offered',
    nextStep: 'Pick another chain.',
    step: 'fix-input',
  },
  'unknown-asset': {
    title: 'Asset not offered',
    nextStep: 'Pick another asset.',
    step: 'fix-input',
  },
  'invalid-period': {
    title: 'Dates out of order',
    nextStep: 'Pick a start date before the end date.',
    step: 'fix-input',
  },
  'period-too-long': {
    title: 'Too many days at once',
    nextStep: 'Choose a shorter range: at most a year.',
    step: 'fix-input',
  },
  'sale-on-screen': {
    title: 'This sale is still on the sale screen',
    nextStep: 'Press "New sale" on the sale screen first, then void it here.',
    step: 'resolve-order',
  },
  'no-order': {
    title: 'No such order',
    nextStep: 'Search for it again by its reference.',
    step: 'fix-input',
  },
  'settings-managed': {
    title: 'Managed by IT',
    nextStep: 'This setting is locked by your IT department; ask IT to change it.',
    step: 'call-it',
  },
  'settings-invalid': {
    title: 'Setting not saved',
    nextStep: 'Correct the value shown and save again.',
    step: 'fix-input',
  },
  'settings-storage': {
    title: 'Settings could not be saved',
    nextStep: 'Try again; if it keeps failing, restart the app and call IT.',
    step: 'call-it',
  },
  'settings-connection': {
    title: 'The service address goes with its token',
    nextStep:
      'Change it in Settings → IT → Payment service, with the API token for the new address.',
    step: 'fix-input',
  },
  'connection-test-failed': {
    title: 'Not connected: the test failed',
    nextStep: 'Check the address and the token, then try again. Nothing was changed.',
    step: 'fix-input',
  },
  'connection-test-limited': {
    title: 'Too many connection tests',
    nextStep: 'Wait a moment, then try again.',
    step: 'wait',
  },
  'token-invalid-token': {
    title: 'Token not saved',
    nextStep: 'Check the token you typed and try again.',
    step: 'fix-input',
  },
  'token-encryption-unavailable': {
    title: 'Token not saved: no secure storage',
    nextStep: 'This computer offers no encrypted key store; call IT.',
    step: 'call-it',
  },
  'token-storage': {
    title: 'Token not saved',
    nextStep: 'Try again; if it keeps failing, call IT.',
    step: 'call-it',
  },
  'invalid-argument': {
    title: 'The till refused the request',
    nextStep: 'Reload the window; if it happens again, call IT.',
    step: 'call-it',
  },
  'unknown-call': {
    title: 'The till does not offer that',
    nextStep: 'Update the app or call IT.',
    step: 'call-it',
  },
  transport: {
    title: 'The window lost contact with the till',
    nextStep: 'Try again; if it keeps happening, restart the app.',
    step: 'retry',
  },
  internal: {
    title: 'Something went wrong inside the till',
    nextStep: 'Try again; if it keeps happening, restart the app and call IT.',
    step: 'call-it',
  },
};

const fallback: FailureWords = {
  title: 'Something went wrong',
  nextStep: 'Try again; if it keeps happening, call IT.',
  step: 'call-it',
};

function isServiceErrorKind(kind: string): kind is ServiceErrorKind {
  return (serviceErrorKinds as readonly string[]).includes(kind);
}

/** Words for any failure kind; unknown kinds get a generic but still actionable sentence. */
export function failureWords(kind: string): FailureWords {
  if (isServiceErrorKind(kind)) return serviceFailureWords[kind];
  return (
    callFailureWords[kind] ??
    (kind.startsWith('token-') ? callFailureWords['token-storage']! : fallback)
  );
}
