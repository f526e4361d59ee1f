import { describe, expect, it } from 'vitest';
import { parsePacResult, proxyKey } from '../../../electron/network/pac-result';

const proxy = (scheme: 'http' | 'https', host: string, port: number) => ({
  kind: 'proxy',
  scheme,
  host,
  port,
});

describe('reading a PAC result', () => {
  it.each([
    ['PROXY proxy.shop.lan:8080', proxy('http', 'proxy.shop.lan', 8080)],
    ['PROXY proxy.shop.lan:8080; DIRECT', proxy('http', 'proxy.shop.lan', 8080)],
    ['HTTPS secure-proxy.example:443', proxy('https', 'secure-proxy.example', 443)],
    ['  proxy   10.0.0.1:3128  ;  direct ', proxy('http', '10.0.0.1', 3128)],
    ['PROXY [fd00::1]:3128', proxy('http', 'fd00::1', 3128)],
    ['PROXY proxy.shop.lan', proxy('http', 'proxy.shop.lan', 80)],
    ['HTTPS proxy.shop.lan', proxy('https', 'proxy.shop.lan', 443)],
    ['PROXY proxy.shop.lan.:8080', proxy('http', 'proxy.shop.lan.', 8080)],
    // SOCKS is not spoken here: the next entry is used.
    ['SOCKS5 socks.lan:1080; PROXY proxy.lan:8080', proxy('http', 'proxy.lan', 8080)],
    ['SOCKS socks.lan:1080; SOCKS4 s4.lan:1080; HTTPS p.lan:8443', proxy('https', 'p.lan', 8443)],
    // Malformed entries are skipped, not fatal.
    ['PROXY bad host:80; PROXY good.lan:81', proxy('http', 'good.lan', 81)],
    ['PROXY user@evil.lan:80; PROXY good.lan:81', proxy('http', 'good.lan', 81)],
    ['PROXY p.lan:0; PROXY p.lan:65535', proxy('http', 'p.lan', 65535)],
    [';;PROXY p.lan:8080;;', proxy('http', 'p.lan', 8080)],
  ])('%j', (text, route) => {
    expect(parsePacResult(text)).toEqual(route);
  });

  it.each([
    'DIRECT',
    'direct',
    'DIRECT; PROXY p.lan:8080',
    '',
    '   ',
    ';',
    'SOCKS5 socks.lan:1080',
    'SOCKS socks.lan:1080; SOCKS5 other.lan:1080',
    'PROXY',
    'PROXY :8080',
    'PROXY p.lan:',
    'PROXY p.lan:65536',
    'PROXY p.lan:99999999',
    'PROXY p.lan:-1',
    'PROXY p.lan:80:81',
    'PROXY p.lan:8080 extra',
    'PROXY [not-ipv6]:80',
    'PROXY [::1',
    'PROXY -leading-dash.lan:80',
    'PROXY p_lan:80',
    'PROXY http://p.lan:80',
    'PROXY 300.1.1.1:80',
    'PROXY 10.0.0:80',
    'QUIC p.lan:443',
    'DIRECT please',
    '<html>502 Bad Gateway</html>',
    '\u0000PROXY p.lan:80'.replace('PROXY', 'PRO\u0000XY'),
    `PROXY ${'a'.repeat(300)}:80`,
    `PROXY p.lan:80; ${'x'.repeat(5000)}`,
  ])('%j is DIRECT', (text) => {
    expect(parsePacResult(text)).toEqual({ kind: 'direct' });
  });

  it.each([undefined, null, 42, {}, ['PROXY p.lan:80']])('a non-string (%j) is DIRECT', (value) => {
    expect(parsePacResult(value)).toEqual({ kind: 'direct' });
  });

  it('keys a proxy by scheme, host and port (IPv6 in brackets)', () => {
    expect(proxyKey({ scheme: 'http', host: 'p.lan', port: 8080 })).toBe('http://p.lan:8080');
    expect(proxyKey({ scheme: 'https', host: 'fd00::1', port: 443 })).toBe('https://[fd00::1]:443');
  });
});
