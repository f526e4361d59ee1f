/**
 * What went wrong talking to a network printer, in the cashier's words. The socket's error
 * codes and the moment they came (still connecting, or with the job under way) decide the kind.
 */
import { PrintFailure, type PrintFailureKind } from '../print-failure';

/** How far a job got when it failed: before the printer accepted the connection, or after. */
export type JobStage = 'connecting' | 'connected';

export function networkFailure(
  kind: PrintFailureKind,
  printerAt: string,
  detail?: string,
): PrintFailure {
  return new PrintFailure(kind, words(kind, printerAt), detail);
}

function words(kind: PrintFailureKind, printerAt: string): string {
  switch (kind) {
    case 'refused':
      return `The printer at ${printerAt} refused the connection: check the printer's address and port in Settings (usually 9100) and that the printer is on.`;
    case 'unreachable':
      return `The printer at ${printerAt} does not answer: check it is on and on the network.`;
    case 'not-found':
      return `No printer named ${printerAt} was found on the network: check the printer's address in Settings.`;
    case 'closed':
      return 'The printer closed the connection while printing: check paper and cover, then reprint.';
    case 'stalled':
      return `The printer at ${printerAt} took the receipt but did not finish it in time: check paper and cover, then reprint.`;
    case 'paper-out':
      return `The printer at ${printerAt} is out of paper: put in a new roll, then reprint.`;
    default:
      return `The printer at ${printerAt} reported a problem: check it, then reprint.`;
  }
}

/** The kind of a socket error, from its code and the stage the job was at. */
export function socketErrorKind(code: string | undefined, stage: JobStage): PrintFailureKind {
  switch (code) {
    case 'ECONNREFUSED':
      return 'refused';
    case 'ENOTFOUND':
    case 'EAI_NONAME':
    case 'EAI_NODATA':
      return 'not-found';
    default:
      // Anything else (no route or no answer: EHOSTUNREACH, ENETUNREACH, EHOSTDOWN, ENETDOWN,
      // ETIMEDOUT, EAI_AGAIN, EADDRNOTAVAIL) while connecting means the printer does not answer;
      // once connected, those or a reset or broken pipe mean the printer dropped the job.
      return stage === 'connecting' ? 'unreachable' : 'closed';
  }
}
