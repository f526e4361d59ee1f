// The status shape lives in shared/ so the IPC contract can name it; the host re-exports it.
export type { NfcCardState, NfcStatus } from '../../shared/nfc/nfc-status';
export { initialNfcStatus } from '../../shared/nfc/nfc-status';
