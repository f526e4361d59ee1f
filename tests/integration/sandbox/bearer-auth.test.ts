import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_DEMO_TOKEN,
  startSandbox,
  type RunningSandbox,
} from '../../../electron/sandbox/sandbox-server';
import { looseEnvelopeSchema, isFailureEnvelope } from '../../../shared/wire/envelope';
import { getJson, nfcBody, postJson, qrBody } from './sandbox-http';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('bearer token', () => {
  it('publishes a 32 lower-case hex demo token and uses it by default', () => {
    expect(SANDBOX_DEMO_TOKEN).toMatch(/^[0-9a-f]{32}$/);
    expect(sandbox.token).toBe(SANDBOX_DEMO_TOKEN);
  });

  const cases: [string, Record<string, string>, string][] = [
    ['no header', {}, 'UNAUTHORIZED'],
    ['a wrong token', { authorization: `Bearer ${'0'.repeat(32)}` }, 'INVALID_TOKEN'],
    ['the token without "Bearer"', { authorization: SANDBOX_DEMO_TOKEN }, 'INVALID_TOKEN'],
    ['another scheme', { authorization: `Basic ${SANDBOX_DEMO_TOKEN}` }, 'INVALID_TOKEN'],
    [
      'a prefix of the token',
      { authorization: `Bearer ${SANDBOX_DEMO_TOKEN.slice(0, 31)}` },
      'INVALID_TOKEN',
    ],
    [
      'the token upper-cased',
      { authorization: `Bearer ${SANDBOX_DEMO_TOKEN.toUpperCase()}` },
      'INVALID_TOKEN',
    ],
  ];

  it.each(cases)(
    'refuses %s on every endpoint with 401 and an envelope error',
    async (_name, headers, code) => {
      const answers = [
        await getJson(sandbox, '/chain', headers),
        await getJson(sandbox, '/asset?chain_id=1', headers),
        await postJson(sandbox, '/generate_qr', qrBody(), headers),
        await postJson(sandbox, '/generate_nfc', nfcBody(sandbox.issueNfcToken()), headers),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(401);
        expect(answer.headers.get('www-authenticate')).toBe('Bearer');
        const envelope = looseEnvelopeSchema.parse(answer.json);
        expect(isFailureEnvelope(envelope)).toBe(true);
        expect(envelope.error_code).toBe(code);
        expect(envelope.msg).not.toBe('');
        expect(answer.text).not.toContain(SANDBOX_DEMO_TOKEN);
      }
      // Refused requests create nothing.
      expect(sandbox.orders()).toEqual([]);
      expect(sandbox.nfcPayments()).toEqual([]);
    },
  );

  it('accepts a custom token and then refuses the demo token', async () => {
    const custom = await startSandbox({ token: 'abcdef0123456789abcdef0123456789' });
    try {
      expect((await getJson(custom, '/chain')).status).toBe(200);
      expect(
        (await getJson(custom, '/chain', { authorization: `Bearer ${SANDBOX_DEMO_TOKEN}` })).status,
      ).toBe(401);
    } finally {
      await custom.close();
    }
  });

  it('refuses to start with a token that is not 32 lower-case hex', async () => {
    await expect(startSandbox({ token: 'secret' })).rejects.toThrow(/32 lower-case hexadecimal/);
  });
});
