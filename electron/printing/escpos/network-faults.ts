/**
 * What went wrong talking to a network printer, in the cashier's words: what happened, and one
 * action. The socket's error codes and the moment they came (still connecting, or with the job
 * under way) decide the kind; how much of the job the printer may hold decides the outcome.
 */
import {
  checkPaperAction,
  PrintFailure,
  type PrintFailureKind,
  type UnconfirmedOutcome,
} from '../print-failure';

/** How far a job got when it failed: before the printer accepted the connection, or after. */
export type JobStage = 'connecting' | 'connected';

interface Words {
  message: string;
  action: string;
}

export function networkFailure(
  kind: PrintFailureKind,
  outcome: UnconfirmedOutcome,
  printerAt: string,
  detail?: string,
): PrintFailure {
  const { message, action } =
    outcome === 'unknown' ? unknownWords(kind, printerAt) : notPrintedWords(kind, printerAt);
  return new PrintFailure(kind, message, detail, { outcome, action });
}

/** Nothing of the job reached the printer: printing it again is safe. */
function notPrintedWords(kind: PrintFailureKind, printerAt: string): Words {
  const at = `The printer at ${printerAt}`;
  switch (kind) {
    case 'refused':
      return {
        message: `${at} refused the connection.`,
        action:
          "Check the printer's address and port in Settings (usually 9100) and that the printer is on, then try again.",
      };
    case 'unreachable':
      return {
        message: `${at} does not answer.`,
        action: 'Check it is on and on the network, then try again.',
      };
    case 'not-found':
      return {
        message: `No printer named ${printerAt} was found on the network.`,
        action: "Check the printer's address in Settings, then try again.",
      };
    case 'paper-out':
      return {
        message: `${at} is out of paper.`,
        action: 'Put in a new roll, then try again.',
      };
    case 'closed':
      return {
        message: `${at} hung up before anything was sent.`,
        action: 'Check it is on and ready, then try again.',
      };
    case 'stalled':
      return {
        message: `${at} did not take the job in time, and nothing was sent.`,
        action: 'Check it is on and ready, then try again.',
      };
    default:
      return { message: `${at} reported a problem.`, action: 'Check it, then try again.' };
  }
}

/** Some or all of the job reached the printer, unconfirmed: the paper may be out there. */
function unknownWords(kind: PrintFailureKind, printerAt: string): Words {
  const at = `The printer at ${printerAt}`;
  switch (kind) {
    case 'closed':
      return { message: `${at} hung up before confirming it printed.`, action: checkPaperAction };
    case 'stalled':
      return { message: `${at} stopped reading part way through.`, action: checkPaperAction };
    case 'paper-out':
      return {
        message: `${at} ran out of paper part way through.`,
        action:
          'Put in a new roll and check the paper before you print again: a new print says COPY.',
      };
    case 'cover-open':
      return {
        message: `${at} says its cover is open.`,
        action:
          'Close the cover and check the paper before you print again: a new print says COPY.',
      };
    case 'printer-error':
      return { message: `${at} reports an error.`, action: checkPaperAction };
    default:
      return {
        message: `${at} did not confirm it printed.`,
        action: checkPaperAction,
      };
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
