import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { endpointUrl, isLoopbackHost, normaliseBaseUrl } from '../../../shared/base-url';

function refusal(text: string): string {
  const result = normaliseBaseUrl(text);
  if (result.ok) throw new Error(`expected a refusal for ${text}`);
  return result.reason;
}

describe('normaliseBaseUrl', () => {
  it('accepts an https base URL with or without a trailing slash', () => {
    const expected = {
      ok: true,
      baseUrl: 'https://pay.example.com/v1/cf-payment',
      loopback: false,
    };
    expect(normaliseBaseUrl('https://pay.example.com/v1/cf-payment')).toEqual(expected);
    expect(normaliseBaseUrl('https://pay.example.com/v1/cf-payment/')).toEqual(expected);
  });

  it('normalises letter case of scheme and host, the default port and outer whitespace', () => {
    expect(normaliseBaseUrl('  HTTPS://Pay.Example.COM:443/api/v1/cf-payment/ ')).toEqual({
      ok: true,
      baseUrl: 'https://pay.example.com/api/v1/cf-payment',
      loopback: false,
    });
    expect(normaliseBaseUrl('https://pay.example.com:8443/v1/cf-payment')).toMatchObject({
      baseUrl: 'https://pay.example.com:8443/v1/cf-payment',
    });
  });

  it('accepts http only for loopback (the sandbox), and says so', () => {
    expect(normaliseBaseUrl('http://127.0.0.1:4100/v1/cf-payment')).toEqual({
      ok: true,
      baseUrl: 'http://127.0.0.1:4100/v1/cf-payment',
      loopback: true,
    });
    expect(normaliseBaseUrl('http://localhost:4100/v1/cf-payment/')).toMatchObject({
      ok: true,
      loopback: true,
    });
    expect(normaliseBaseUrl('http://[::1]:4100/v1/cf-payment')).toMatchObject({
      ok: true,
      loopback: true,
    });
    expect(normaliseBaseUrl('https://localhost/v1/cf-payment')).toMatchObject({
      ok: true,
      loopback: true,
    });
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['pay.example.com/v1/cf-payment', /not a valid web address/],
    ['http://pay.example.com/v1/cf-payment', /must use https/],
    ['http://127.0.0.2/v1/cf-payment', /must use https/],
    ['http://localhost.example.com/v1/cf-payment', /must use https/],
    ['ftp://pay.example.com/v1/cf-payment', /must start with https/],
    ['file:///v1/cf-payment', /must start with https/],
    ['https://user:secret@pay.example.com/v1/cf-payment', /user name or password/],
    ['https://pay.example.com/v1/cf-payment?token=x', /query/],
    ['https://pay.example.com/v1/cf-payment?', /query/],
    ['https://pay.example.com/v1/cf-payment#top', /"#" part/],
    ['https://pay.example.com/v1/cf-payment#', /"#" part/],
    ['https://pay.example.com/v2/cf-payment', /must end with \/v1\/cf-payment/],
    ['https://pay.example.com/v1/cf-payment/chain', /must end with/],
    ['https://pay.example.com/v1/cf-payment//', /must end with/],
    ['https://pay.example.com/', /must end with/],
    ['https://pay.example.com/v1/cf-payment x', /spaces/],
    ['https://pay.exa\tmple.com/v1/cf-payment', /control characters/],
  ])('refuses %j', (text, words) => {
    expect(refusal(text)).toMatch(words);
  });

  it('property: never throws, and an accepted URL is a fixed point', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.webUrl().map((u) => `${u}/v1/cf-payment`),
        ),
        (text) => {
          const result = normaliseBaseUrl(text);
          if (result.ok) {
            expect(normaliseBaseUrl(result.baseUrl)).toEqual(result);
            expect(result.baseUrl.endsWith('/v1/cf-payment')).toBe(true);
          }
        },
      ),
    );
  });
});

describe('endpointUrl', () => {
  it('appends the endpoint, tolerating a trailing slash', () => {
    expect(endpointUrl('https://pay.example.com/v1/cf-payment', 'chain')).toBe(
      'https://pay.example.com/v1/cf-payment/chain',
    );
    expect(endpointUrl('https://pay.example.com/v1/cf-payment/', 'generate_qr')).toBe(
      'https://pay.example.com/v1/cf-payment/generate_qr',
    );
    expect(endpointUrl('http://127.0.0.1:4100/v1/cf-payment', 'asset')).toBe(
      'http://127.0.0.1:4100/v1/cf-payment/asset',
    );
    expect(endpointUrl('http://127.0.0.1:4100/v1/cf-payment', 'generate_nfc')).toBe(
      'http://127.0.0.1:4100/v1/cf-payment/generate_nfc',
    );
  });
});

describe('isLoopbackHost', () => {
  it('knows the three loopback names, in any letter case', () => {
    for (const host of ['127.0.0.1', '[::1]', '::1', 'localhost', 'LocalHost'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['127.0.0.2', '0.0.0.0', 'localhost.evil.com', 'example.com', '', '[::2]']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });

  it('agrees with the URL parser for spelled-out loopback forms', () => {
    expect(isLoopbackHost(new URL('http://127.1/').hostname)).toBe(true);
    expect(isLoopbackHost(new URL('http://[0:0:0:0:0:0:0:1]/').hostname)).toBe(true);
  });
});
