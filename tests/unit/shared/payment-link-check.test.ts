import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { checkPaymentLink, type LinkExpectation } from '../../../shared/payment-link-check';

const ORDER = '019a9f1e-7c00-7abc-8def-0123456789ab';
const expected: LinkExpectation = {
  orderId: ORDER,
  chainId: '101',
  decimals: 9,
  allowLoopbackHttp: false,
};

interface LinkParts {
  origin?: string;
  path?: string;
  params?: [string, string][];
  suffix?: string;
}

const defaultParams = (): [string, string][] => [
  ['order_id', ORDER],
  ['contract_address', '0xabc123'],
  ['currency_address', '0x2::sui::SUI'],
  ['transaction_amount', '12.5'],
  ['act', 'DEPOSIT'],
  ['chain_id', '101'],
  ['decimal', '9'],
];

/** The documented shape, including its empty first parameter: {app_url}/qr-scan?&order_id=... */
function link({
  origin = 'https://wallet.example.com',
  path = '/qr-scan',
  params = defaultParams(),
  suffix = '',
}: LinkParts = {}) {
  return `${origin}${path}?&${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}${suffix}`;
}

const withParam = (name: string, value: string | undefined): [string, string][] =>
  defaultParams().flatMap(([k, v]) =>
    k !== name
      ? [[k, v] as [string, string]]
      : value === undefined
        ? []
        : [[k, value] as [string, string]],
  );

function refusal(qrUrl: string, expectation: LinkExpectation = expected): string {
  const result = checkPaymentLink(qrUrl, expectation);
  if (result.ok) throw new Error(`expected a refusal for ${qrUrl}`);
  return result.reason;
}

describe('checkPaymentLink', () => {
  it('accepts the documented shape and returns the link amount and addresses', () => {
    expect(checkPaymentLink(link(), expected)).toEqual({
      ok: true,
      href: link(),
      amount: '12.5',
      contractAddress: '0xabc123',
      currencyAddress: '0x2::sui::SUI',
    });
  });

  it('returns the amount in canonical form', () => {
    const result = checkPaymentLink(
      link({ params: withParam('transaction_amount', '012.500') }),
      expected,
    );
    expect(result).toMatchObject({ ok: true, amount: '12.5' });
  });

  it('accepts a deeper app path and extra parameters', () => {
    const params = [...defaultParams(), ['lang', 'en'] as [string, string]];
    expect(checkPaymentLink(link({ path: '/app/v2/qr-scan', params }), expected).ok).toBe(true);
  });

  it('accepts loopback http only when allowed (the sandbox)', () => {
    const sandbox = { ...expected, allowLoopbackHttp: true };
    expect(checkPaymentLink(link({ origin: 'http://127.0.0.1:4100' }), sandbox).ok).toBe(true);
    expect(checkPaymentLink(link({ origin: 'http://localhost:4100' }), sandbox).ok).toBe(true);
    expect(checkPaymentLink(link({ origin: 'http://[::1]:4100' }), sandbox).ok).toBe(true);
    expect(refusal(link({ origin: 'http://127.0.0.1:4100' }))).toMatch(/does not start with https/);
    expect(refusal(link({ origin: 'http://wallet.example.com' }), sandbox)).toMatch(
      /does not use https/,
    );
    expect(refusal(link({ origin: 'http://127.0.0.2' }), sandbox)).toMatch(/does not use https/);
  });

  it.each([
    [
      'a different order',
      link({ params: withParam('order_id', '019a9f1e-7c00-7abc-8def-0123456789ac') }),
      /different order/,
    ],
    [
      'an order id in other letter case',
      link({ params: withParam('order_id', ORDER.toUpperCase()) }),
      /different order/,
    ],
    ['a different chain', link({ params: withParam('chain_id', '102') }), /different blockchain/],
    [
      'a chain id with a leading zero',
      link({ params: withParam('chain_id', '0101') }),
      /different blockchain/,
    ],
    ['a withdrawal', link({ params: withParam('act', 'WITHDRAW') }), /instead of a deposit/],
    ['a lower-case act', link({ params: withParam('act', 'deposit') }), /instead of a deposit/],
    ['wrong decimals', link({ params: withParam('decimal', '18') }), /18.*decimals instead of 9/],
    [
      'decimals with a leading zero',
      link({ params: withParam('decimal', '09') }),
      /decimals instead of 9/,
    ],
    [
      'a zero amount',
      link({ params: withParam('transaction_amount', '0') }),
      /amount "0" is not valid.*more than zero/,
    ],
    [
      'a negative amount',
      link({ params: withParam('transaction_amount', '-12.5') }),
      /without a sign/,
    ],
    ['an exponent amount', link({ params: withParam('transaction_amount', '1e3') }), /exponent/],
    [
      'too many decimals',
      link({ params: withParam('transaction_amount', '1.0000000001') }),
      /at most 9/,
    ],
    [
      'no amount',
      link({ params: withParam('transaction_amount', undefined) }),
      /has no transaction_amount/,
    ],
    ['no order id', link({ params: withParam('order_id', undefined) }), /has no order_id/],
    [
      'an empty contract address',
      link({ params: withParam('contract_address', '') }),
      /contract address/,
    ],
    [
      'a currency address with spaces',
      link({ params: withParam('currency_address', 'a b') }),
      /currency address/,
    ],
    ['a path other than /qr-scan', link({ path: '/pay' }), /\/qr-scan/],
    ['a path that only starts with /qr-scan', link({ path: '/qr-scan/evil' }), /\/qr-scan/],
    [
      'credentials',
      link({ origin: 'https://user:pass@wallet.example.com' }),
      /user name or password/,
    ],
    [
      'a user name only',
      link({ origin: 'https://user@wallet.example.com' }),
      /user name or password/,
    ],
    ['a fragment', link({ suffix: '#x' }), /"#" part/],
    ['an empty fragment', link({ suffix: '#' }), /"#" part/],
    ['a javascript: link', 'javascript:alert(1)//qr-scan?order_id=x', /does not start with https/],
    ['a data: link', 'data:text/html,<b>qr-scan</b>', /does not start with https/],
    ['an ftp link', link({ origin: 'ftp://wallet.example.com' }), /does not start with https/],
    ['a relative link', '/qr-scan?order_id=x', /does not start with https/],
    ['an empty link', '', /empty/],
    ['a leading space', ` ${link()}`, /spaces/],
    ['an embedded newline', link().replace('&act', '\n&act'), /control characters/],
    ['a tab in the host', link({ origin: 'https://wallet.exa\tmple.com' }), /control characters/],
    ['a look-alike host', link({ origin: 'https://wаllet.example.com' }), /non-ASCII/],
    [
      'a very long link',
      link({ params: [...defaultParams(), ['pad', 'x'.repeat(3000)]] }),
      /too long/,
    ],
  ])('refuses %s', (_name, qrUrl, words) => {
    const reason = refusal(qrUrl);
    expect(reason).toMatch(/^The payment link was refused: /);
    expect(reason).toMatch(words);
  });

  it('refuses a parameter that appears twice, even when both copies agree', () => {
    const twice = (name: string, value: string) =>
      link({ params: [...defaultParams(), [name, value]] });
    expect(refusal(twice('order_id', 'someone-else'))).toMatch(/"order_id" more than once/);
    expect(refusal(twice('order_id', ORDER))).toMatch(/"order_id" more than once/);
    expect(refusal(twice('transaction_amount', '999'))).toMatch(
      /"transaction_amount" more than once/,
    );
    expect(refusal(twice('chain_id', '101'))).toMatch(/"chain_id" more than once/);
  });

  it('reads percent-encoding the way a wallet does: an encoded order id is the same order id', () => {
    const encoded = link().replace(`order_id=${ORDER}`, `order_id=${ORDER.replace('-', '%2D')}`);
    expect(checkPaymentLink(encoded, expected).ok).toBe(true);
  });

  it('treats "+" in the amount as a space, which is refused', () => {
    expect(refusal(link().replace('transaction_amount=12.5', 'transaction_amount=12+5'))).toMatch(
      /amount/,
    );
  });

  it('a 0-decimal asset needs a whole amount and decimal=0', () => {
    const whole = { ...expected, decimals: 0 };
    const params = withParam('decimal', '0').map(([k, v]): [string, string] =>
      k === 'transaction_amount' ? [k, '7'] : [k, v],
    );
    expect(checkPaymentLink(link({ params }), whole)).toMatchObject({ ok: true, amount: '7' });
    const fractional = params.map(([k, v]): [string, string] =>
      k === 'transaction_amount' ? [k, '7.5'] : [k, v],
    );
    expect(refusal(link({ params: fractional }), whole)).toMatch(/whole number/);
  });

  it('property: never throws, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
        ),
        (text) => {
          const result = checkPaymentLink(text, expected);
          if (!result.ok) expect(result.reason.length).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('property: changing any checked value of a good link makes it fail', () => {
    const checked = ['order_id', 'chain_id', 'act', 'decimal'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...checked),
        fc.string({ minLength: 1, maxLength: 20 }),
        (name, value) => {
          const original = defaultParams().find(([k]) => k === name)?.[1];
          fc.pre(value !== original);
          expect(checkPaymentLink(link({ params: withParam(name, value) }), expected).ok).toBe(
            false,
          );
        },
      ),
    );
  });
});

describe('a payment link is shown only in its one canonical form', () => {
  const good = link();
  const rest = good.slice('https://wallet.example.com'.length);
  /** Ways a wallet or a QR reader may read a link differently from the URL parser. */
  const variants: ((text: string) => string)[] = [
    (t) => t.replace('https://', 'https:\\\\'),
    (t) => t.replace('https://', 'https:'),
    (t) => t.replace('https://', 'https:/'),
    (t) => t.replace('https://', 'HTTPS://'),
    (t) => t.replace('https://', 'https://user@'),
    (t) => t.replace('https://', 'https://user:pw@'),
    (t) => t.replace('https://', 'https://@'),
    (t) => t.replace('/qr-scan', '\\qr-scan'),
    (t) => t.replace('wallet.example.com', 'WALLET.example.com'),
    (t) => t.replace('wallet.example.com', 'wallet.example.com.'),
    (t) => t.replace('wallet.example.com', 'wallet.example.com:8443'),
    (t) => t.replace('wallet.example.com', 'wallet.example.com:443'),
    (t) => t.replace('wallet.example.com', 'xn--wllet-bsa.example.com'),
    (t) => t.replace('wallet.example.com', 'wället.example.com'),
    (t) => t.replace('wallet.example.com', '93.184.216.34'),
    (t) => t.replace('wallet.example.com', '0x7f.1'),
    (t) => t.replace('wallet.example.com', '2130706433'),
    (t) => t.replace('wallet.example.com', '[2606:4700::1111]'),
    (t) => t.replace('/qr-scan', '/a/../qr-scan'),
    (t) => t.replace('/qr-scan', '/./qr-scan'),
    (t) => t.replace('order_id=', 'ORDER_ID='),
    (t) => t.replace('act=', 'Act='),
    (t) => `${t}&order_id=${ORDER}`,
    (t) => `${t}&lang=en&lang=de`,
    (t) => t.replace('?&', '? &'),
    (t) => `${t}#frag`,
    (t) => ` ${t}`,
    (t) => `${t}\n`,
    (t) =>
      t
        .replace('DEPOSIT', 'DEP%4FSIT')
        .replace('act=DEP%4FSIT', 'act=DEP%4fSIT')
        .replace('act=', 'act=%'),
  ];

  it('refuses every hostile variant of a good link, alone or combined', () => {
    expect(checkPaymentLink(good, expected)).toMatchObject({ ok: true, href: good });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: variants.length - 1 }), { minLength: 1, maxLength: 3 }),
        (picks) => {
          const hostile = picks.reduce((text, pick) => variants[pick]!(text), good);
          if (hostile === good) return;
          const result = checkPaymentLink(hostile, expected);
          if (result.ok) throw new Error(`shown: ${JSON.stringify(hostile)} as ${result.href}`);
        },
      ),
      { numRuns: 2000, seed: 17 },
    );
    expect(rest.startsWith('/qr-scan?&')).toBe(true);
  });

  it('accepts good links whatever their values, and shows them exactly as sent', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
        fc.stringMatching(/^0x[0-9a-fA-F]{1,40}$/),
        fc.integer({ min: 1, max: 10_000_000 }),
        (label, contract, cents) => {
          const text = link({
            origin: `https://${label.replace(/-+$/, '')}.pay.example`,
            params: withParam('contract_address', contract).map(([k, v]) =>
              k === 'transaction_amount' ? [k, (cents / 100).toString()] : [k, v],
            ),
          });
          expect(checkPaymentLink(text, expected)).toMatchObject({ ok: true, href: text });
        },
      ),
      { numRuns: 300, seed: 17 },
    );
  });

  it('encodes %-escapes as sent, whatever their letter case', () => {
    const lower = link().replace('%3A', '%3a');
    expect(checkPaymentLink(lower, expected)).toMatchObject({ ok: true });
  });

  it('shows a port or an IP address only where IT lists it, and only listed hosts when IT lists any', () => {
    const it = { ...expected, allowedHosts: ['wallet.example.com:8443', '10.0.0.7'] };
    expect(checkPaymentLink(link({ origin: 'https://wallet.example.com:8443' }), it).ok).toBe(true);
    expect(checkPaymentLink(link({ origin: 'https://10.0.0.7' }), it).ok).toBe(true);
    expect(refusal(link(), it)).toMatch(/not one IT allows/);
    expect(refusal(link({ origin: 'https://wallet.example.com:8443' }))).toMatch(/port/);
  });
});

describe('checkPaymentLink: every limit at its edge, every pattern with junk on either side', () => {
  /** A good link padded with an extra parameter to exactly `length` characters. */
  function linkOfLength(length: number): string {
    const bare = link({ params: [...defaultParams(), ['pad', '']] });
    const padded = link({
      params: [...defaultParams(), ['pad', 'x'.repeat(length - bare.length)]],
    });
    expect(padded).toHaveLength(length);
    return padded;
  }

  it('accepts a link of 2,047 and 2,048 characters and refuses one of 2,049', () => {
    expect(checkPaymentLink(linkOfLength(2047), expected).ok).toBe(true);
    expect(checkPaymentLink(linkOfLength(2048), expected).ok).toBe(true);
    expect(refusal(linkOfLength(2049))).toBe('The payment link was refused: it is too long.');
  });

  it.each(['contract_address', 'currency_address'] as const)(
    'accepts a %s of 1, 255 and 256 characters and refuses 0 and 257',
    (name) => {
      const words = name === 'contract_address' ? /its contract address/ : /its currency address/;
      for (const length of [1, 255, 256]) {
        const value = 'a'.repeat(length);
        expect(checkPaymentLink(link({ params: withParam(name, value) }), expected)).toMatchObject({
          ok: true,
          [name === 'contract_address' ? 'contractAddress' : 'currencyAddress']: value,
        });
      }
      for (const length of [0, 257]) {
        expect(refusal(link({ params: withParam(name, 'a'.repeat(length)) }))).toMatch(words);
      }
    },
  );

  it.each([
    ['junk before', '$0xabc123'],
    ['junk after', '0xabc123$'],
    ['a slash inside', '0x2/sui'],
  ])('refuses an address with %s', (_name, value) => {
    expect(refusal(link({ params: withParam('contract_address', value) }))).toMatch(
      /its contract address is missing or malformed/,
    );
    expect(refusal(link({ params: withParam('currency_address', value) }))).toMatch(
      /its currency address is missing or malformed/,
    );
  });

  it('refuses a space or a control character at either end, for that reason', () => {
    const words = /^The payment link was refused: it contains spaces, control characters/;
    expect(refusal(` ${link()}`)).toMatch(words);
    expect(refusal(`${link()} `)).toMatch(words);
    expect(refusal(`\t${link()}`)).toMatch(words);
    expect(refusal(`${link()}\n`)).toMatch(words);
    expect(refusal(`${link()}\u007f`)).toMatch(words);
  });

  it.each([
    ['junk before the host name', 'https://pay$x.example.com'],
    ['junk after the host name', 'https://wallet.example.com_'],
    ['junk inside a label', 'https://wal$let.example.com'],
    ['a label starting with a hyphen', 'https://-wallet.example.com'],
    ['a label ending with a hyphen', 'https://wallet-.example.com'],
    ['a trailing dot after the host name', 'https://wallet.example.com.'],
    ['a single-label host', 'https://wallet'],
    ['a 64-character label', `https://${'a'.repeat(64)}.example.com`],
  ])('refuses %s as not a plain DNS name', (_name, origin) => {
    expect(refusal(link({ origin }))).toBe(
      'The payment link was refused: its host name is not a plain DNS name.',
    );
  });

  it('accepts a 63-character label, and digits in a host name that is not an IP address', () => {
    expect(
      checkPaymentLink(link({ origin: `https://${'a'.repeat(63)}.example.com` }), expected).ok,
    ).toBe(true);
    expect(checkPaymentLink(link({ origin: 'https://1.2.3.4.example.com' }), expected).ok).toBe(
      true,
    );
  });

  it.each([
    ['an IPv4 address', 'https://93.184.216.34'],
    ['a short-hand IPv4 address', 'https://0x7f.1'],
    ['an IPv6 address', 'https://[2606:4700::1111]'],
  ])('refuses %s for that reason', (_name, origin) => {
    expect(refusal(link({ origin }))).toBe(
      'The payment link was refused: it names an IP address instead of a host name.',
    );
  });
});

describe('checkPaymentLink: each layered check refuses for its own reason', () => {
  const reason = (text: string) => `The payment link was refused: ${text}`;

  it('answers a non-text link as empty, without throwing', () => {
    expect(refusal(undefined as unknown as string)).toBe(reason('it is empty.'));
    expect(refusal(42 as unknown as string)).toBe(reason('it is empty.'));
  });

  it('refuses a backslash before the URL parser can turn it into a slash', () => {
    expect(refusal(link({ path: '\\qr-scan' }))).toBe(reason('it contains a backslash.'));
    expect(refusal(link().replace('https://', 'https:\\\\'))).toBe(
      reason('it contains a backslash.'),
    );
  });

  it('refuses a link the URL parser cannot read', () => {
    expect(refusal(link({ origin: 'https://wallet.example.com:99999' }))).toBe(
      reason('it is not a valid web address.'),
    );
    expect(refusal(link({ origin: 'https://[::1' }))).toBe(
      reason('it is not a valid web address.'),
    );
  });

  it('still accepts a public https link when loopback http is allowed too (the sandbox)', () => {
    const sandbox = { ...expected, allowLoopbackHttp: true };
    expect(checkPaymentLink(link(), sandbox)).toMatchObject({ ok: true, href: link() });
  });

  it.each([
    ['a user name and password', 'https://user:pass@wallet.example.com'],
    ['a user name only', 'https://user@wallet.example.com'],
    ['a password only', 'https://:pw@wallet.example.com'],
    ['an empty user part', 'https://@wallet.example.com'],
    ['a user name after an extra slash', 'https:///user@wallet.example.com'],
    ['a password after an extra slash', 'https:///:pw@wallet.example.com'],
  ])('refuses %s as credentials', (_name, origin) => {
    expect(refusal(link({ origin }))).toBe(reason('it contains a user name or password.'));
  });

  it('accepts an "@" after the host: in the query it is no user name', () => {
    const withAt = link({ suffix: '&note=a@b' });
    expect(checkPaymentLink(withAt, expected)).toMatchObject({ ok: true, href: withAt });
  });

  it.each([
    ['a dot segment', link({ path: '/./qr-scan' })],
    ['an upper-case host name', link({ origin: 'https://WALLET.example.com' })],
    ['a character the parser escapes', link({ suffix: '&note="x"' })],
  ])('refuses %s as not in its plain form', (_name, qrUrl) => {
    expect(refusal(qrUrl)).toBe(reason('it is not written in its plain form.'));
  });

  it('refuses a documented parameter in another letter case for that reason', () => {
    expect(refusal(link().replace('order_id=', 'ORDER_ID='))).toBe(
      reason('it spells "ORDER_ID" in another letter case.'),
    );
    expect(refusal(link().replace('act=', 'Act='))).toBe(
      reason('it spells "Act" in another letter case.'),
    );
  });

  it('quotes a value of up to 60 characters whole, and cuts a longer one with "…"', () => {
    const sixty = 'a'.repeat(60);
    expect(refusal(link({ params: withParam('order_id', sixty) }))).toBe(
      reason(`it is for a different order ("${sixty}" instead of "${ORDER}").`),
    );
    expect(refusal(link({ params: withParam('order_id', `${sixty}b`) }))).toBe(
      reason(`it is for a different order ("${sixty}…" instead of "${ORDER}").`),
    );
  });

  // Equivalent mutant: ConditionalExpression `false` in `if (url.hash !== '' || qrUrl.includes('#')) return fail('it has an unexpected "#" part.');`: url.hash is non-empty only when the raw text holds a "#", which the same line refuses.
  // Equivalent mutant: ConditionalExpression `false` in `if (all.length > 1) return fail(`it has ${name} more than once.`);`: unreachable, as the loop over params.keys() refuses every repeated name first.
  // Equivalent mutant: StringLiteral ```` in `if (all.length > 1) return fail(`it has ${name} more than once.`);`: the "more than once" reason after getAll() is unreachable: the loop over params.keys() already refused every repeated name.
  // Equivalent mutant: Regex `/\d+\.\d+\.\d+\.\d+$/` in `const IPV4_LITERAL = /^\d+\.\d+\.\d+\.\d+$/;`: the URL parser reads a host whose last label is a number as IPv4 and writes it as exactly four dotted numbers, or refuses it: nothing can stand before them.
  // Equivalent mutant: Regex `/%[0-9a-f]/gi` in `return text.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());`: the URL parser never changes the letter case of a %-escape it keeps, so folding it (wholly, partly or not at all) never turns a changed link into an unchanged one.
  // Equivalent mutant: Regex `/%[^0-9a-f]{2}/gi` in `return text.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());`: the URL parser never changes the letter case of characters after a "%" it keeps, so folding them never turns a changed link into an unchanged one.
  // Equivalent mutant: ArrowFunction `() => undefined` in `return text.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());`: both sides carry the same %-escapes (the parser keeps them as sent), so replacing each by the same word never hides a difference.
  // Equivalent mutant: MethodExpression `escape.toLowerCase()` in `return text.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());`: folding escapes to lower case instead of upper case makes the same pairs equal.
});
