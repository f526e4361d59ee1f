import { describe, expect, it } from 'vitest';
import { checkPrinterAddress } from '../../../../shared/printing/printer-address';

describe('checkPrinterAddress', () => {
  it.each([
    ['192.168.1.50', '192.168.1.50', 9100],
    ['  192.168.1.50  ', '192.168.1.50', 9100],
    ['192.168.1.50:9101', '192.168.1.50', 9101],
    ['0.0.0.0:1', '0.0.0.0', 1],
    ['255.255.255.255:65535', '255.255.255.255', 65535],
    ['printer.local', 'printer.local', 9100],
    ['Counter-Printer-1.shop.lan:9100', 'counter-printer-1.shop.lan', 9100],
    ['epson', 'epson', 9100],
    ['[fe80::1]:9100', 'fe80::1', 9100],
    ['[FE80::1]', 'fe80::1', 9100],
    ['::1', '::1', 9100],
    ['2001:db8::ff00:42:8329', '2001:db8::ff00:42:8329', 9100],
    ['2001:0db8:0000:0000:0000:ff00:0042:8329', '2001:0db8:0000:0000:0000:ff00:0042:8329', 9100],
    ['[::ffff:192.168.1.50]:9100', '::ffff:192.168.1.50', 9100],
  ])('accepts %j as host %j, port %j', (text, host, port) => {
    expect(checkPrinterAddress(text)).toEqual({ ok: true, host, port });
  });

  it.each([
    '',
    '   ',
    'http://192.168.1.50',
    'socket://192.168.1.50:9100',
    '192.168.1.50/print',
    'admin@192.168.1.50',
    'admin:secret@printer',
    '192.168.1.50:0',
    '192.168.1.50:65536',
    '192.168.1.50:99999',
    '192.168.1.50:-1',
    '192.168.1.50:+9100',
    '192.168.1.50: 9100',
    '192.168.1.50:9100x',
    '192.168.1.50:',
    '192.168.1.50:0x238c',
    '192.168.1.256',
    '192.168.01.50',
    '1.2.3',
    '10.1',
    '1.2.3.4.5',
    'host name',
    'host\nname',
    'printer\u0000',
    'printer\u202e',
    'éxample.com',
    '-printer',
    'printer-',
    'a..b',
    '.printer',
    'printer.',
    `${'a'.repeat(64)}.local`,
    `${'a.'.repeat(140)}b`,
    '[fe80::1%eth0]:9100',
    '[::1',
    '[::1]:',
    '[::1]x',
    '1::2::3',
    '1:2:3:4:5:6:7:8:9',
    '12345::1',
    '::ffff:999.1.1.1',
    'printer.local:9100:9100',
    '$(reboot)',
    '127.0.0.1;rm -rf /',
    '%2e%2e',
  ])('refuses %j with a reason that does not repeat it', (text) => {
    const check = checkPrinterAddress(text);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.reason.length).toBeGreaterThan(10);
    if (text.trim().length > 3) expect(check.reason).not.toContain(text.trim());
  });

  it.each([undefined, null, 42, {}, ['192.168.1.50']])('refuses %j, which is not text', (value) => {
    expect(checkPrinterAddress(value).ok).toBe(false);
  });

  it('names the port rule when the port is wrong', () => {
    expect(checkPrinterAddress('printer:70000')).toEqual({
      ok: false,
      reason: 'The port must be a number from 1 to 65535 (usually 9100).',
    });
  });
});
