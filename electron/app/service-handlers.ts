import type { Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { UpdateStatus } from '../../shared/update-status';
import type { Catalogue } from '../catalogue/catalogue';
import type { ServiceConnection } from '../connection/service-connection';

/** The app and its service: which service the till talks to, and its chains and assets. */
export function serviceHandlers(parts: {
  version: string;
  connection: ServiceConnection;
  catalogue: Catalogue;
  updateStatus: () => UpdateStatus;
}): Pick<
  CallHandlers<Calls>,
  | 'appInfo'
  | 'listChains'
  | 'listAssets'
  | 'savedChains'
  | 'savedAssets'
  | 'chainLogos'
  | 'assetLogos'
  | 'warmUpService'
  | 'updateStatus'
> {
  const { version, connection, catalogue } = parts;
  return {
    appInfo: async () => {
      const mode = connection.mode();
      return {
        version,
        demoMode: mode.kind === 'demo',
        needsSetup: mode.kind === 'needs-setup',
        serviceOrigin: mode.kind === 'needs-setup' ? null : new URL(mode.baseUrl).origin,
        token: connection.tokenStatus(),
      };
    },
    updateStatus: async () => parts.updateStatus(),
    listChains: () => catalogue.listChains(),
    listAssets: ({ chainId }) => catalogue.listAssets(chainId),
    savedChains: () => catalogue.savedChains(),
    savedAssets: ({ chainId }) => catalogue.savedAssets(chainId),
    chainLogos: ({ chainIds }) => catalogue.chainLogos(chainIds),
    assetLogos: ({ chainId, assets }) => catalogue.assetLogos(chainId, assets),
    warmUpService: async () => {
      connection.warmUp();
      return null;
    },
  };
}
