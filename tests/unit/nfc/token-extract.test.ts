import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tokenFromAidData, tokenFromText, tokenFromUri } from '../../../electron/nfc/token-extract';
import { nfcTokenSchema } from '../../../shared/wire/requests';

const TOKEN = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ascii = (text: string) => new TextEncoder().encode(text);

describe('token from the wallet AID answer', () => {
  it('takes 36 ASCII characters and lower-cases them', () => {
    expect(tokenFromAidData(ascii(TOKEN.toUpperCase()))).toEqual({ ok: true, token: TOKEN });
  });

  it('tolerates trailing NUL or line-end padding', () => {
    expect(tokenFromAidData(ascii(`${TOKEN}\r\n\0`))).toEqual({ ok: true, token: TOKEN });
  });

  it('takes 16 raw bytes as the UUID', () => {
    const raw = Uint8Array.from(
      TOKEN.replace(/-/g, '')
        .match(/../g)!
        .map((pair) => Number.parseInt(pair, 16)),
    );
    expect(tokenFromAidData(raw)).toEqual({ ok: true, token: TOKEN });
  });

  it.each([
    ['empty data', ''],
    ['a UUID without dashes', TOKEN.replace(/-/g, '') + 'abcd'],
    ['a non-hex UUID shape', 'zf8fad5b-d9cb-469f-a165-70867728950e'],
    ['text around the UUID', `x${TOKEN}`],
  ])('refuses %s', (_name, text) => {
    expect(tokenFromAidData(ascii(text)).ok).toBe(false);
  });

  it('refuses control characters inside', () => {
    const data = ascii(TOKEN);
    data[3] = 0x01;
    expect(tokenFromAidData(data).ok).toBe(false);
  });

  it('only ever returns schema-valid tokens, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const result = tokenFromAidData(bytes);
        if (result.ok) expect(nfcTokenSchema.safeParse(result.token).success).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('token from a Text or URI record', () => {
  it('finds the one UUID in text', () => {
    expect(tokenFromText(`Wallet payment ${TOKEN.toUpperCase()}.`)).toEqual({
      ok: true,
      token: TOKEN,
    });
  });

  it('refuses two different UUIDs as ambiguous, accepts the same one twice', () => {
    expect(tokenFromText(`${TOKEN} 11111111-2222-3333-4444-555555555555`).ok).toBe(false);
    expect(tokenFromText(`${TOKEN} ${TOKEN}`)).toEqual({ ok: true, token: TOKEN });
  });

  it('refuses a UUID glued to more hex', () => {
    expect(tokenFromText(`${TOKEN}0`).ok).toBe(false);
    expect(tokenFromText(`a${TOKEN}`).ok).toBe(false);
  });

  it('prefers the token query parameter of a link', () => {
    const other = '11111111-2222-3333-4444-555555555555';
    expect(tokenFromUri(`https://wallet.example/pay/${other}?token=${TOKEN}`)).toEqual({
      ok: true,
      token: TOKEN,
    });
  });

  it('falls back to the one UUID in a link path', () => {
    expect(tokenFromUri(`https://wallet.example/pay/${TOKEN}`)).toEqual({ ok: true, token: TOKEN });
    expect(tokenFromUri('not a url').ok).toBe(false);
  });

  it('never throws on hostile text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const fromText = tokenFromText(text);
        const fromUri = tokenFromUri(text);
        for (const result of [fromText, fromUri])
          if (result.ok) expect(nfcTokenSchema.safeParse(result.token).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
