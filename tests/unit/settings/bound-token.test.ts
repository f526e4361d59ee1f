import { describe, expect, it } from 'vitest';
import {
  decodeBoundToken,
  encodeBoundToken,
  isServiceOrigin,
  serviceOriginOf,
} from '../../../electron/settings/bound-token';

const token = '0123456789abcdef0123456789ab3f9a';

describe('the token bound to its origin', () => {
  it('takes the origin of a base URL as URL writes it', () => {
    expect(serviceOriginOf('HTTPS://Pay.Example.com:443/v1/cf-payment/')).toBe(
      'https://pay.example.com',
    );
    expect(serviceOriginOf('http://127.0.0.1:5123/v1/cf-payment')).toBe('http://127.0.0.1:5123');
    expect(serviceOriginOf('https://[::1]:8443/v1/cf-payment')).toBe('https://[::1]:8443');
    expect(serviceOriginOf('http://pay.example.com/v1/cf-payment')).toBeUndefined();
    expect(serviceOriginOf('')).toBeUndefined();
  });

  it.each([
    ['https://pay.example.com', true],
    ['http://127.0.0.1:5123', true],
    ['https://pay.example.com/', false],
    ['https://pay.example.com:443', false],
    ['https://Pay.example.com', false],
    ['https://user@pay.example.com', false],
    ['javascript:alert(1)', false],
    ['null', false],
    [42, false],
  ])('isServiceOrigin(%j) is %s', (text, expected) => {
    expect(isServiceOrigin(text)).toBe(expected);
  });

  it('round-trips a bound token', () => {
    const bound = { token, origin: 'https://pay.example.com' };
    expect(decodeBoundToken(encodeBoundToken(bound))).toEqual({ bound });
  });

  it('tells a token saved by an earlier version (the token alone) from a damaged record', () => {
    expect(decodeBoundToken(token)).toEqual({
      problem: expect.stringMatching(/earlier version/),
    });
    for (const damaged of [
      '',
      'tökén',
      `https://pay.example.com/v1 ${token}`,
      `https://pay.example.com ${token} extra`,
      `https://pay.example.com `,
      ` ${token}`,
    ])
      expect(decodeBoundToken(damaged)).toEqual({ problem: expect.stringMatching(/damaged/) });
  });
});
