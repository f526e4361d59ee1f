/**
 * The same ESC/POS bytes through a raw CUPS queue (how a USB or network thermal printer is
 * often set up at the OS): a private cupsd sends them with its socket backend to our test
 * listener on 127.0.0.1, which must receive them byte for byte.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEscPos } from '../../../electron/printing/escpos/escpos-renderer';
import { decodeEscPos } from '../../support/escpos-decoder';
import { sampleOrderId, sampleReceipt } from '../../support/escpos-sample-receipt';
import {
  startFakeNetworkPrinter,
  type FakeNetworkPrinter,
} from '../../support/fake-network-printer';
import { hasCups, startPrivateCups, type PrivateCups } from '../../support/private-cups';

const cupsHere = hasCups();

describe.runIf(cupsHere)(
  'a receipt through a raw CUPS queue (needs CUPS: tests/setup-test-machine.sh)',
  () => {
    let cups: PrivateCups;
    let printer: FakeNetworkPrinter;

    beforeAll(async () => {
      printer = await startFakeNetworkPrinter({ paperStatus: 'silent' });
      cups = await startPrivateCups();
      await cups.client('lpadmin', [
        '-p',
        'escpos-raw',
        '-v',
        `socket://127.0.0.1:${printer.port}`,
        '-E',
      ]);
    });

    afterAll(async () => {
      await cups?.stop();
      await printer?.close();
    });

    it('arrives at the printer byte for byte, QR code and cut included', async () => {
      const bytes = renderEscPos(sampleReceipt, 'roll-58');
      const file = join(cups.folder, 'receipt.bin');
      await writeFile(file, bytes);

      const answer = await cups.client('lp', [
        '-d',
        'escpos-raw',
        '-o',
        'raw',
        '-t',
        sampleReceipt.title,
        file,
      ]);
      expect(answer).toMatch(/request id is escpos-raw-\d+/);

      const received = await printer.nextJob();
      expect(Buffer.compare(received, Buffer.from(bytes))).toBe(0);
      const { commands } = decodeEscPos(received);
      expect(commands).toContainEqual({ type: 'qr-store', data: sampleOrderId });
      expect(commands.at(-1)).toEqual({ type: 'cut', partial: true });
    });
  },
);

if (!cupsHere) {
  // Said plainly, not silently: the machine lacks what the test needs.
  describe('a receipt through a raw CUPS queue', () => {
    it.skip('needs CUPS (cupsd, lpadmin, lp): run tests/setup-test-machine.sh', () => undefined);
  });
}
