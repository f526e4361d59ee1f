import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../../electron/network/public-address';

describe('isPublicAddress', () => {
  it('refuses this computer, the local network, link-local, multicast and reserved ranges', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.251',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '[::1]',
      'not-an-ip',
      '',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('accepts addresses on the public internet', () => {
    for (const address of [
      '93.184.216.34',
      '1.1.1.1',
      '172.32.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });
});
