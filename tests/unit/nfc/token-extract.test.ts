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

  it("takes a link whose path ends in /pay/<token>, the wallet's other form", () => {
    expect(tokenFromUri(`https://wallet.example/pay/${TOKEN}`)).toEqual({ ok: true, token: TOKEN });
    expect(tokenFromUri(`https://wallet.example/v2/pay/${TOKEN.toUpperCase()}`)).toEqual({
      ok: true,
      token: TOKEN,
    });
    expect(tokenFromUri(`wallet:pay/${TOKEN}`)).toEqual({ ok: true, token: TOKEN });
  });

  const noToken = {
    ok: false,
    reason: 'the tag holds a link without a payment token (no token parameter, no /pay/ path)',
  };
  const other = '11111111-2222-3333-4444-555555555555';

  it.each([
    ['a product link with ?ref=<uuid>', `https://shop.example/item?ref=${TOKEN}`],
    ['a UUID in another parameter beside others', `https://shop.example/?id=7&session=${TOKEN}`],
    ['a UUID as a web path', `https://shop.example/products/${TOKEN}`],
    ['a UUID in the fragment', `https://wallet.example/pay#token=${TOKEN}`],
    ['a UUID in the host name', `https://${TOKEN}.example/`],
    ['a parameter that only ends in "token"', `https://wallet.example/pay?paytoken=${TOKEN}`],
    ['a /pay/ path with more after the token', `https://wallet.example/pay/${TOKEN}/receipt`],
    ['a /pay/ segment that is not the last but one', `https://wallet.example/pay/x/${TOKEN}`],
    ['a UUID in the user name', `https://${TOKEN}@wallet.example/`],
  ])('refuses %s: a UUID anywhere in a link is no payment token', (_name, uri) => {
    expect(tokenFromUri(uri)).toEqual(noToken);
  });

  it('refuses a token parameter that is not a token, without looking elsewhere in the link', () => {
    expect(tokenFromUri(`https://wallet.example/pay/${TOKEN}?token=expired`)).toEqual({
      ok: false,
      reason: "the link's token parameter is not a payment token",
    });
    expect(tokenFromUri(`https://wallet.example/pay?token=${TOKEN}x`).ok).toBe(false);
    expect(tokenFromUri(`https://wallet.example/pay?token=%20${TOKEN}`).ok).toBe(false);
  });

  it('refuses two token parameters, even when one is a token', () => {
    expect(tokenFromUri(`https://wallet.example/pay?token=${TOKEN}&token=${other}`)).toEqual({
      ok: false,
      reason: 'the link has more than one token parameter',
    });
    expect(tokenFromUri(`https://wallet.example/pay?token=${TOKEN}&token=${TOKEN}`).ok).toBe(false);
  });

  it('refuses a /pay/ path that does not end in a token, and what is no link at all', () => {
    expect(tokenFromUri('https://wallet.example/pay/')).toEqual({
      ok: false,
      reason: "the link's /pay/ path does not end in a payment token",
    });
    expect(tokenFromUri(`https://wallet.example/pay/${TOKEN.replace(/-/g, '')}`).ok).toBe(false);
    expect(tokenFromUri(`not a url ${TOKEN}`)).toEqual({
      ok: false,
      reason: 'the tag holds a link that is not a valid address',
    });
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
