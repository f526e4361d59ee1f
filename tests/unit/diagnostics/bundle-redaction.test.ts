import { describe, expect, it } from 'vitest';
import { bundleRedaction, PAYMENT_LINK_MASK } from '../../../electron/diagnostics/bundle-redaction';
import { knownSecrets, pinHashParts } from '../../../electron/diagnostics/known-secrets';
import { REDACTED } from '../../../electron/logging/redact';

const HASH = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA==$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U=';
const ORDER_ID = '0190b7a4-8c1d-7f00-9a3e-1b2c3d4e5f60';

describe('the last redaction of a diagnostics file', () => {
  it('masks staff names as whole words in any letter case, never inside other words', () => {
    const { text } = bundleRedaction({ exact: [], names: ['Ana', 'Ana Maria', 'J', ' Bo '] });
    expect(text('Ana Maria signed in; ANA left; Bo too')).toBe(
      `${REDACTED} signed in; ${REDACTED} left; ${REDACTED} too`,
    );
    // Inside a longer word, and one-letter names, are left alone.
    expect(text('Banana, Canada, Bob; J is a letter')).toBe('Banana, Canada, Bob; J is a letter');
  });

  it('takes names and secrets with any characters a name or a token may hold', () => {
    const odd = ['Jean-Luc (JL)', 'A.B. [x] {y} *z* ^$|?+/\\'];
    const { text, log } = bundleRedaction({ exact: ['tok-(1)+[2]*?$'], names: odd });
    expect(text(`${odd[0]} and ${odd[1]} with tok-(1)+[2]*?$`)).toBe(
      `${REDACTED} and ${REDACTED} with ${REDACTED}`,
    );
    expect(log(JSON.stringify({ message: `${odd[1]} after\n${odd[0]}` }))).toBe(
      JSON.stringify({ message: `${REDACTED} after\n${REDACTED}` }),
    );
  });

  it('masks any PIN hash, even cut short, and any payment link, whole or cut short', () => {
    const { text } = bundleRedaction({ exact: [], names: [] });
    const link = `https://pay.example.com/qr-scan?&order_id=${ORDER_ID}&contract_address=0xabc&decimal=6`;
    expect(text(`hash ${HASH} and ${HASH.slice(0, 25)}`)).toBe(`hash ${REDACTED} and ${REDACTED}`);
    expect(text(`"url":"${link}"`)).toBe(`"url":"${PAYMENT_LINK_MASK}"`);
    expect(text(`cut ${link.slice(0, 60)}`)).toBe(`cut ${PAYMENT_LINK_MASK}`);
    // An order id alone stays: it is what IT searches a log for; so do other addresses.
    expect(text(`order ${ORDER_ID} at https://pay.example.com/v1/cf-payment`)).toBe(
      `order ${ORDER_ID} at https://pay.example.com/v1/cf-payment`,
    );
  });

  it('keeps each JSON log line JSON, masking its strings, even for a name that is a JSON word', () => {
    const token = 'tok"with\\quote!';
    const { log } = bundleRedaction({ exact: [token], names: ['true', 'Zoë "Z" Ödegaard'] });
    const lines = [
      JSON.stringify({ message: 'x', copy: true, by: 'true', detail: `token ${token}` }),
      JSON.stringify({ message: 'Zoë "Z" Ödegaard signed in' }),
      `not json: Zoë "Z" Ödegaard ${JSON.stringify(token)}`,
      '',
    ].join('\n');
    const out = log(lines).split('\n');
    expect(JSON.parse(out[0]!)).toEqual({
      message: 'x',
      copy: true,
      by: REDACTED,
      detail: `token ${REDACTED}`,
    });
    expect(JSON.parse(out[1]!)).toEqual({ message: `${REDACTED} signed in` });
    expect(out[2]).toBe(`not json: ${REDACTED} "${REDACTED}"`);
    expect(out[3]).toBe('');
  });

  it('walks values for the JSON entries, keys included', () => {
    const { value } = bundleRedaction({ exact: [], names: ['Ana'] });
    expect(value({ Ana: ['Ana', 1, null, { deep: `${HASH}` }], token: 'x' })).toEqual({
      [REDACTED]: [REDACTED, 1, null, { deep: REDACTED }],
      token: REDACTED,
    });
  });

  it('knows the token, each hash with its salt and key, and every name', () => {
    expect(pinHashParts(HASH)).toEqual([
      HASH,
      'c2FsdHNhbHRzYWx0c2FsdA==',
      'a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U=',
    ]);
    expect(pinHashParts('not-a-hash')).toEqual(['not-a-hash']);
    expect(
      knownSecrets(['the-token'], [{ name: 'Ana', pinHash: HASH }], {
        read: true,
        names: ['Bo'],
        pinHashes: ['scrypt$1$1$1$saltsalt$keykeykey'],
      }),
    ).toEqual({
      exact: [
        'the-token',
        ...pinHashParts(HASH),
        'scrypt$1$1$1$saltsalt$keykeykey',
        'saltsalt',
        'keykeykey',
      ],
      names: ['Ana', 'Bo'],
    });
    expect(knownSecrets([], [], { read: false, reason: 'no file' })).toEqual({
      exact: [],
      names: [],
    });
  });
});
