import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  tokenFromAidData,
  tokenFromCarriers,
  tokenFromText,
  tokenFromUri,
} from '../../../electron/nfc/token-extract';
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

  it("takes a link in the wallet's two forms, exactly", () => {
    expect(tokenFromUri(`https://wallet.example/pay?token=${TOKEN}`)).toEqual({
      ok: true,
      token: TOKEN,
    });
    expect(tokenFromUri(`https://wallet.example/pay/${TOKEN}`)).toEqual({ ok: true, token: TOKEN });
    expect(tokenFromUri(`https://pay.wallet.example:8443/pay/${TOKEN.toUpperCase()}`)).toEqual({
      ok: true,
      token: TOKEN,
    });
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
    ['a /pay/ path with more after the token', `https://wallet.example/pay/${TOKEN}/receipt`],
    ['a /pay/ segment that is not the last but one', `https://wallet.example/pay/x/${TOKEN}`],
    ['a /pay/ path below another path', `https://wallet.example/shop/pay/${TOKEN}`],
    ['a /pay/ path with a trailing slash', `https://wallet.example/pay/${TOKEN}/`],
    ['a /pay/ path with a fragment', `https://wallet.example/pay/${TOKEN}#receipt`],
    ['a /pay/ path with an empty fragment', `https://wallet.example/pay/${TOKEN}#`],
    ['a /pay/ path in the fragment', `https://wallet.example/#/pay/${TOKEN}`],
    ['a /pay/ path with a query', `https://wallet.example/pay/${TOKEN}?ref=${other}`],
    ['a /PAY/ path', `https://wallet.example/PAY/${TOKEN}`],
    ['dot segments the parser folds', `https://wallet.example/./pay/../pay/${TOKEN}`],
    ['an escaped slash', `https://wallet.example/x%2Fpay/${TOKEN}`],
    ['an upper-case scheme', `HTTPS://wallet.example/pay/${TOKEN}`],
  ])('refuses %s: a UUID anywhere else in a link is no payment token', (_name, uri) => {
    expect(tokenFromUri(uri)).toEqual(noToken);
  });

  it.each([
    ['mailto:', `mailto:a@b.example?token=${TOKEN}`],
    ['tel:', `tel:+1555?token=${TOKEN}`],
    ['urn:', `urn:pay?token=${TOKEN}`],
    ['javascript:', `javascript:alert(1)//?token=${TOKEN}`],
    ['file:', `file:///pay/${TOKEN}`],
    ['plain http', `http://wallet.example/pay/${TOKEN}`],
    ["a wallet's own scheme", `wallet:pay/${TOKEN}`],
  ])('refuses a link that is not https (%s)', (_name, uri) => {
    expect(tokenFromUri(uri)).toEqual({
      ok: false,
      reason: 'the tag holds a link that is not https',
    });
  });

  it.each([
    ['a user name', `https://token=${TOKEN}@wallet.example/`],
    ['a user and password', `https://u:p@evil.example/pay/${TOKEN}`],
    ['a UUID as the user name', `https://${TOKEN}@wallet.example/pay/${TOKEN}`],
  ])('refuses a link with %s', (_name, uri) => {
    expect(tokenFromUri(uri)).toEqual({
      ok: false,
      reason: 'the tag holds a link with a user name in it',
    });
  });

  it.each([
    ['a backslash path', `https://wallet.example\\pay\\${TOKEN}`],
    ['a backslash before the token', `https://wallet.example/pay\\${TOKEN}`],
    ['a line feed', `https://wallet.example/pay/\n${TOKEN}`],
    ['a tab', `https://wallet.example/pay?token=${TOKEN}\t`],
    ['spaces around it', ` https://wallet.example/pay/${TOKEN} `],
    ['a NUL', `https://wallet.example/pay/${TOKEN}\u0000`],
    ['a C1 control', `https://wallet.example/pay/${TOKEN}\u0085`],
  ])('refuses a link with %s', (_name, uri) => {
    expect(tokenFromUri(uri)).toEqual({
      ok: false,
      reason: 'the tag holds a link with spaces, control characters or backslashes',
    });
  });

  it.each([
    ['an encoded parameter name', `https://wallet.example/pay?tok%65n=${TOKEN}`],
    ['a parameter beside it', `https://wallet.example/pay?token=${TOKEN}&amount=1`],
    ['a parameter before it', `https://shop.example/item?ref=${other}&token=${TOKEN}`],
    ['another path', `https://wallet.example/checkout?token=${TOKEN}`],
    ['a /pay/ path', `https://wallet.example/pay/${other}?token=${TOKEN}`],
    ['an escaped HTML ampersand', `https://wallet.example/pay?token=${TOKEN}&amp;x=1`],
  ])("refuses a token parameter that is not in the wallet's form: %s", (_name, uri) => {
    expect(tokenFromUri(uri)).toEqual({
      ok: false,
      reason:
        "the link's token parameter is not in the wallet's form (https://<host>/pay?token=<token>)",
    });
  });

  it('refuses a token parameter that is not a token', () => {
    const notAToken = { ok: false, reason: "the link's token parameter is not a payment token" };
    expect(tokenFromUri('https://wallet.example/pay?token=expired')).toEqual(notAToken);
    expect(tokenFromUri(`https://wallet.example/pay?token=${TOKEN}x`)).toEqual(notAToken);
    expect(tokenFromUri(`https://wallet.example/pay?token=%20${TOKEN}`)).toEqual(notAToken);
    expect(tokenFromUri(`https://wallet.example/pay?token=%35${TOKEN.slice(1)}`)).toEqual(
      notAToken,
    );
    expect(tokenFromUri(`https://wallet.example/pay?token={${TOKEN}}`).ok).toBe(false);
    expect(tokenFromUri('https://wallet.example/pay?token=')).toEqual(notAToken);
  });

  it('refuses two token parameters, even when one is a token', () => {
    expect(tokenFromUri(`https://wallet.example/pay?token=${TOKEN}&token=${other}`)).toEqual({
      ok: false,
      reason: 'the link has more than one token parameter',
    });
    expect(tokenFromUri(`https://wallet.example/pay?token=${TOKEN}&token=${TOKEN}`).ok).toBe(false);
    expect(tokenFromUri(`https://wallet.example/pay?token=${TOKEN}&Token=${other}`).ok).toBe(false);
  });

  it('refuses a /pay/ path that does not end in a token, and what is no link at all', () => {
    const notAToken = {
      ok: false,
      reason: "the link's /pay/ path does not end in a payment token",
    };
    expect(tokenFromUri('https://wallet.example/pay/')).toEqual(notAToken);
    expect(tokenFromUri(`https://wallet.example/pay/${TOKEN.replace(/-/g, '')}`)).toEqual(
      notAToken,
    );
    expect(tokenFromUri(`https://wallet.example/pay/%35${TOKEN.slice(1)}`)).toEqual(notAToken);
    expect(tokenFromUri(`https://wallet.example/pay/${TOKEN};x`)).toEqual(notAToken);
    expect(tokenFromUri(`not-a-url/${TOKEN}`)).toEqual({
      ok: false,
      reason: 'the tag holds a link that is not a valid address',
    });
  });

  it('refuses a UUID inside a link written in text, and takes one beside it', () => {
    const inLink = {
      ok: false,
      reason: 'the text holds a link, and a link in text is no payment token',
    };
    expect(tokenFromText(`See https://shop.example/item?ref=${TOKEN}`)).toEqual(inLink);
    expect(tokenFromText(`shop.example/item/${TOKEN}`)).toEqual(inLink);
    expect(tokenFromText(`www.shop.example?${TOKEN}`)).toEqual(inLink);
    expect(tokenFromText(`ref=${TOKEN}`)).toEqual(inLink);
    expect(tokenFromText(`Wallet payment ${TOKEN} (see https://wallet.example/help)`)).toEqual({
      ok: true,
      token: TOKEN,
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

describe('the token of a whole NDEF message, from all its Text and URI records', () => {
  const other = '11111111-2222-4333-8444-555555555555';
  const text = (value: string) => ({ kind: 'text' as const, value });
  const uri = (value: string) => ({ kind: 'uri' as const, value });

  it('takes the one token its records agree on, whatever else they say', () => {
    expect(
      tokenFromCarriers([
        text('hello'),
        uri(`https://wallet.example/pay?token=${TOKEN}`),
        text(`wallet payment ${TOKEN.toUpperCase()}`),
        uri('https://wallet.example/'),
      ]),
    ).toEqual({ ok: true, token: TOKEN });
  });

  it.each([
    [
      'a Text record with an order reference, then a wallet link',
      [text(`order ref ${other}`), uri(`https://wallet.example/pay?token=${TOKEN}`)],
      'the tag holds more than one possible token',
    ],
    [
      'two wallet links with two tokens',
      [uri(`https://wallet.example/pay/${TOKEN}`), uri(`https://wallet.example/pay/${other}`)],
      'the tag holds more than one possible token',
    ],
    [
      'a product link, then the same UUID in a Text record',
      [uri(`https://shop.example/item?ref=${TOKEN}`), text(TOKEN)],
      'the tag holds a link without a payment token (no token parameter, no /pay/ path)',
    ],
    [
      'a Text record holding a link with a UUID',
      [text(`See https://shop.example/item?ref=${TOKEN}`)],
      'the text holds a link, and a link in text is no payment token',
    ],
    [
      'a wallet link, then a product link with an escaped UUID',
      [
        uri(`https://wallet.example/pay/${TOKEN}`),
        uri(`https://shop.example/item?ref=%35${TOKEN.slice(1)}`),
      ],
      'the tag holds a link without a payment token (no token parameter, no /pay/ path)',
    ],
  ])('refuses %s', (_name, carriers, reason) => {
    expect(tokenFromCarriers(carriers)).toEqual({ ok: false, reason });
  });

  it('says why when no record holds a token', () => {
    expect(tokenFromCarriers([])).toEqual({
      ok: false,
      reason: 'the tag holds no text or link record',
    });
    expect(tokenFromCarriers([text('hello'), uri('https://wallet.example/')])).toEqual({
      ok: false,
      reason: 'the phone sent something that is not a payment token',
    });
  });

  it('never throws, and only ever returns schema-valid tokens', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ kind: fc.constantFrom('text' as const, 'uri' as const), value: fc.string() }),
          { maxLength: 4 },
        ),
        (carriers) => {
          const result = tokenFromCarriers(carriers);
          if (result.ok) expect(nfcTokenSchema.safeParse(result.token).success).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
