import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox-server';
import { envelopeSchema } from '../../../shared/wire/envelope';
import { paymentLinkResultSchema } from '../../../shared/wire/payment-link';
import { ManualClock } from '../../support/manual-clock';
import { postJson, qrBody } from './sandbox-http';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ clock: new ManualClock() });
});
afterAll(() => sandbox.close());

/** Decimal text -> integer count of 10^-scale units, computed independently of big.js. */
function units(text: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0'));
}

const decimalText = (decimals: number, allowZero: boolean) =>
  fc
    .tuple(
      fc.bigInt({ min: 0n, max: 10n ** 24n }),
      fc.integer({ min: 0, max: decimals }),
      fc.integer({ min: 0, max: 3 }),
    )
    .map(([value, places, padding]) => {
      const digits = value.toString().padStart(places + 1, '0');
      const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
      // Extra trailing zeros carry no precision and must be accepted.
      return padding > 0 && places > 0 ? text + '0'.repeat(padding) : text;
    })
    .filter((text) => allowZero || /[1-9]/.test(text));

describe('transaction_amount', () => {
  it.each([
    ['USDT', '1', 6],
    ['USDT', '56', 18],
    ['SUI', '784', 9],
  ] as const)(
    'is exactly amount + fee_value for %s on chain %s',
    async (asset, chainId, decimals) => {
      await fc.assert(
        fc.asyncProperty(
          decimalText(decimals, false),
          decimalText(decimals, true),
          async (amount, fee) => {
            const answer = await postJson(
              sandbox,
              '/generate_qr',
              qrBody({ asset, chain_id: chainId, amount, fee_value: fee }),
            );
            expect(answer.status, answer.text).toBe(200);
            const link = envelopeSchema(paymentLinkResultSchema).parse(answer.json).data;
            const sent = new URL(link.qr_url).searchParams.get('transaction_amount') ?? '';
            expect(sent).toMatch(/^(0|[1-9]\d*)(\.\d*[1-9])?$/);
            // Scale past the padding the generator may add.
            const scale = decimals + 3;
            expect(units(sent, scale)).toBe(units(amount, scale) + units(fee, scale));
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});
