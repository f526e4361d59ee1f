import type { Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { DisplaysView } from '../../shared/ipc/views';
import type { NfcStatus } from '../../shared/nfc/nfc-status';
import type { PlatformDisplays } from './app-platform';

const noDisplays: DisplaysView = {
  displays: [],
  cashierDisplayId: 0,
  choice: { kind: 'off', reason: 'no-displays' },
};

/** The till's hardware as the settings page sees it: the NFC reader and the monitors. */
export function deviceHandlers(parts: {
  nfcStatus: () => NfcStatus;
  displays: PlatformDisplays | undefined;
}): Pick<CallHandlers<Calls>, 'nfcStatus' | 'listDisplays' | 'identifyDisplays'> {
  const { nfcStatus, displays } = parts;
  return {
    nfcStatus: async () => nfcStatus(),
    listDisplays: async () => displays?.view() ?? noDisplays,
    identifyDisplays: async () => {
      displays?.identify();
      return null;
    },
  };
}
