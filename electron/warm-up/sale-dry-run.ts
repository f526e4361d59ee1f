import type { Clock } from '../../shared/clock';
import { calls } from '../../shared/ipc/contract';
import type { OrderPricing } from '../../shared/pricing/pricing-types';
import { customerViewOf } from '../../shared/sale/customer-view';
import type { Asset } from '../../shared/wire/asset';
import type { Chain } from '../../shared/wire/chain';
import { wallClockAt } from '../../shared/time-zone';
import { paymentLinkResultSchema } from '../../shared/wire/payment-link';
import { SqliteOrderJournal } from '../journal/sqlite-order-journal';
import { silentLogger } from '../logging/logger';
import { defaultSandboxConfig } from '../sandbox/sandbox-config';
import { SandboxLedger } from '../sandbox/sandbox-ledger';
import { createServiceEndpoints } from '../sandbox/service-endpoints';
import type { SalePaymentClient } from '../sale/sale-client-port';
import { SaleService } from '../sale/sale-service';
import { checkLinkResult } from '../service-client/checked-payment-link';
import { readOutcome } from '../service-client/read-outcome';
import { validateQrRequest } from '../service-client/validate-request';

/**
 * A QR sale that never leaves main, run once after start (sale-warm-up.ts) so that the
 * till's first real sale runs code V8 has already compiled. Without it, main's part of the
 * first sale took 12-27 ms in the cashier bench against 2-4 ms for later ones (the schemas'
 * first parse, the order id's random bytes, the journal's writes, the link's checks, the
 * customer's view, each compiled on first use); with it, 5-10 ms.
 *
 * Every part of it is its own and thrown away: a journal in memory (the till's journal file
 * is never opened), a sale service nobody listens to (no page hears of it, no receipt, no
 * rate is recorded), and a service answering in this process with the sandbox's endpoint
 * code over a ledger of its own. Nothing is sent on any network. `pause` runs between the
 * steps, so none of them holds main's event loop long.
 */
export async function dryRunQrSale(options: {
  clock: Clock;
  /** The zone the service writes expire_at in (the setting): its reader is made once, here. */
  serviceTimeZone: string;
  /** Between steps: lets the event loop run (and throws to stop the dry run). */
  pause: () => Promise<void>;
}): Promise<void> {
  const { clock, serviceTimeZone, pause } = options;
  // What the page's "Show QR" sends, as the contract checks it.
  const args = calls.startQrSale.args.safeParse({ money: '12.5', chainId: '1', asset: 'USDT' });
  if (!args.success) throw new Error('the dry run sale does not match the contract');
  await pause();
  // The link's expiry is read in the service's zone: Intl's first formatter for it is slow.
  wallClockAt(clock.now(), serviceTimeZone);
  await pause();
  const journal = new SqliteOrderJournal({ path: ':memory:', clock });
  const sale = new SaleService({
    journal,
    clock,
    logger: silentLogger,
    client: inProcessService({ clock, serviceTimeZone, pause }),
    terms: () => ({
      serialNumber: 'DRY-RUN',
      currency: 'USD',
      feeValue: '0',
      rateTolerancePercent: '2',
    }),
  });
  try {
    await pause();
    const shown = await sale.startQrSale({
      amount: '12.5',
      asset: SAMPLE_ASSET,
      chain: SAMPLE_CHAIN,
      priced: { feeValue: '0', pricing: samplePricing(clock.now()) },
    });
    if (shown.state !== 'awaiting-payment') {
      throw new Error(`the dry run sale ended ${shown.state}, not awaiting payment`);
    }
    await pause();
    // What main sends the pages about a sale: the cashier's snapshot and the customer's view.
    const view = customerViewOf(
      shown,
      { shopName: 'Dry run', shopLogo: null, demoMode: true, soundVolume: 0 },
      { chainLogo: null, assetLogo: null },
    );
    JSON.stringify([shown, view]);
    await pause();
    await sale.cancel();
    sale.clear();
  } finally {
    sale.stop();
    journal.close();
  }
}

/** Never connected to: the dry run's answers come from the sandbox's code, in process. */
const DRY_RUN_ORIGIN = 'http://127.0.0.1:9';
const DRY_RUN_TOKEN = 'dry-run';

/** The sandbox's USDT on its chain 1, as the service lists them. */
const SAMPLE_CHAIN: Chain = { name: 'ETHEREUM', chain_id: 1, logo: '' };
const SAMPLE_ASSET: Asset = { asset: 'USDT', chain: 'ETHEREUM', chain_id: 1, decimal: 6, logo: '' };

function samplePricing(asOfMs: number): OrderPricing {
  return {
    currency: 'USD',
    moneyAmount: '12.5',
    feeMoney: '0',
    price: '1',
    usdPrice: '1',
    usdPerUnit: '1',
    source: 'provider',
    crossSource: 'usd',
    asOfMs,
    rounding: 'up-to-asset-decimals',
  };
}

/**
 * generate_qr answered by the sandbox's endpoint (its checks, its link) and read as the
 * service client reads an answer (the request's last check, the envelope and its data, the
 * link's checks), without the client's transport.
 */
function inProcessService(options: {
  clock: Clock;
  serviceTimeZone: string;
  pause: () => Promise<void>;
}): SalePaymentClient {
  const { clock, serviceTimeZone, pause } = options;
  const endpoints = createServiceEndpoints({
    origin: DRY_RUN_ORIGIN,
    clock,
    ledger: new SandboxLedger(1),
    token: DRY_RUN_TOKEN,
    config: () => defaultSandboxConfig,
  });
  return {
    async createPaymentLink(request, asset) {
      await pause();
      const valid = validateQrRequest(request, asset);
      if (!valid.ok) throw new Error(`the dry run request is refused: ${valid.reason}`);
      const sentAtMs = clock.now();
      await pause();
      const reply = endpoints({
        endpoint: 'generate_qr',
        method: 'POST',
        query: '',
        body: { kind: 'json', value: JSON.parse(JSON.stringify(valid.value)) as unknown },
        authorization: `Bearer ${DRY_RUN_TOKEN}`,
      });
      await pause();
      const read = readOutcome(
        { type: 'response', status: reply.status, text: reply.body },
        'POST',
        paymentLinkResultSchema,
      );
      if (!read.ok) throw new Error(`the dry run answer is unreadable: ${read.kind}`);
      const checked = checkLinkResult(read.data, {
        request: valid.value,
        asset,
        sentAtMs,
        serviceTimeZone,
        allowLoopbackHttp: true,
      });
      if (!checked.ok) throw new Error(`the dry run link is refused: ${checked.reason}`);
      return checked.link;
    },
    submitNfcPayment: () => Promise.reject(new Error('the dry run makes no NFC payment')),
  };
}
