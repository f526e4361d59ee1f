import type { Clock } from '../../shared/clock';
import { SaleService } from '../../electron/sale/sale-service';
import {
  startSandbox,
  type RunningSandbox,
  type SandboxOptions,
} from '../../electron/sandbox/sandbox-server';
import {
  createServiceClient,
  type PaymentServiceClient,
} from '../../electron/service-client/payment-service-client';
import type { Asset } from '../../shared/wire/asset';
import type { Chain } from '../../shared/wire/chain';
import { tempJournal, testTerms, type TempJournal } from './sale-fixtures';

export interface SaleRig {
  sandbox: RunningSandbox;
  client: PaymentServiceClient;
  temp: TempJournal;
  sale: SaleService;
  chain: Chain;
  asset: Asset;
  close(): Promise<void>;
}

/** The real sandbox over loopback HTTP, the real client, a real journal file and a SaleService. */
export async function startSaleRig(
  clock: Clock,
  sandboxOptions: SandboxOptions = {},
): Promise<SaleRig> {
  const sandbox = await startSandbox({ clock, ...sandboxOptions });
  const client = createServiceClient({
    baseUrl: sandbox.baseUrl,
    getToken: () => sandbox.token,
    clock,
    timeoutMs: 5_000,
  });
  const temp = tempJournal(clock, 'sale-rig-');
  const sale = new SaleService({ journal: temp.journal, client, clock, terms: () => testTerms });
  const chains = await client.listChains();
  const chain = chains.find((c) => c.chain_id === 1);
  const asset = (await client.listAssets('1')).find((a) => a.asset === 'USDT');
  if (!chain || !asset) throw new Error('sandbox catalogue lacks ETHEREUM/USDT');
  return {
    sandbox,
    client,
    temp,
    sale,
    chain,
    asset,
    async close() {
      await sandbox.close();
      temp.cleanup();
    },
  };
}
