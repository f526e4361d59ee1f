import { afterEach, describe, expect, it } from 'vitest';
import { closeIdleServiceConnections } from '../../../electron/service-client/node-http-exchange';
import { startHarness, type Harness } from '../../support/harness/harness';
import { until } from '../service-client/harness';
import { callThrough, ok } from './harness-call';

// The cashier page's `warmUpService` call (the amount's first key) through the contract,
// against the demo sandbox, which counts the connections it accepts.
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const call = callThrough(() => harness);

describe('warming up the service connection', () => {
  it('opens the connection the sale then uses, after the pool went idle', async () => {
    harness = await startHarness();
    const sandbox = harness.services.connection.demoSandbox()!;
    // A first sale loads what a sale needs besides its link (the catalogue, the logos).
    await ok(call('startQrSale', { amount: '5', chainId: '1', asset: 'USDT' }));
    await ok(call('cancelSale'));
    await ok(call('finishSale'));
    // A quiet spell: the idle connections are gone.
    closeIdleServiceConnections();
    await until(() => sandbox.connections().open === 0, 'the idle connection to close');
    const before = sandbox.connections().tcp;
    const requestsBefore = sandbox.requests().length;

    await expect(call('warmUpService')).resolves.toEqual({ ok: true, value: null });
    await until(() => sandbox.connections().tcp === before + 1, 'the pre-connect');
    expect(sandbox.requests()).toHaveLength(requestsBefore); // nothing sent on it

    await ok(call('startQrSale', { amount: '5', chainId: '1', asset: 'USDT' }));
    expect(sandbox.orders()).toHaveLength(2);
    expect(sandbox.requests()).toHaveLength(requestsBefore + 1);
    expect(sandbox.connections().tcp).toBe(before + 1);
  });

  it('refuses arguments, like every call', async () => {
    harness = await startHarness();
    await expect(
      call('warmUpService', { url: 'https://elsewhere.example' }),
    ).resolves.toMatchObject({ ok: false });
  });
});
