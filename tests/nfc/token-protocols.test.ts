/**
 * Both token protocols through the real stack: pcscd + vpcd + the forked reader process,
 * the virtual wallet card on the vpcd socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PcscRig } from '../support/pcsc-rig';
import { VirtualWalletCard, type CardApplication } from '../support/virtual-wallet-card';
import { startTestHost, waitReaderReady, type TestHost } from './nfc-test-kit';

const TOKEN = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe('reading a wallet token over PC/SC', () => {
  let rig: PcscRig;
  let test: TestHost;

  beforeAll(async () => {
    PcscRig.assertInstalled();
    rig = new PcscRig();
    await rig.start();
    test = startTestHost();
    await waitReaderReady(test);
  });

  afterAll(async () => {
    await test?.stop();
    await rig?.stop();
  });

  async function tapAndRead(app: CardApplication) {
    const from = test.events.mark();
    const card = await VirtualWalletCard.tap({ app });
    try {
      const result = await test.nextResult(from);
      const apdus = card.apdus().length;
      return { result, apdus };
    } finally {
      await card.remove();
      await test.events.waitFor((event) => event.type === 'card-removed', 'card removed', { from });
    }
  }

  it.each<[string, CardApplication, 'aid' | 'ndef']>([
    ['wallet AID, ASCII token', { kind: 'aid', token: TOKEN.toUpperCase() }, 'aid'],
    ['wallet AID, 16 raw bytes', { kind: 'aid', token: TOKEN, encoding: 'raw' }, 'aid'],
    ['Type 4 tag, UTF-8 Text record', { kind: 'ndef', record: 'text', token: TOKEN }, 'ndef'],
    [
      'Type 4 tag, UTF-16 Text record',
      { kind: 'ndef', record: 'text', token: TOKEN, textEncoding: 'utf-16' },
      'ndef',
    ],
    ['Type 4 tag, URI record', { kind: 'ndef', record: 'uri', token: TOKEN }, 'ndef'],
    [
      'Type 4 tag, long NDEF over many short reads',
      { kind: 'ndef', record: 'uri', token: TOKEN, padding: 400, maxRead: 0x3b },
      'ndef',
    ],
    [
      'Type 4 tag, long NDEF in one extended read',
      { kind: 'ndef', record: 'text', token: TOKEN, padding: 600, maxRead: 1024 },
      'ndef',
    ],
  ])('%s', async (_name, app, protocol) => {
    const { result } = await tapAndRead(app);
    expect(result).toMatchObject({ type: 'token-read', token: TOKEN, protocol });
  });

  it('reads by the AID set in the settings', async () => {
    test.host.reader.configure({ aid: 'A0000006470001' });
    try {
      const { result } = await tapAndRead({ kind: 'aid', token: TOKEN, aid: 'A0000006470001' });
      expect(result).toMatchObject({ type: 'token-read', token: TOKEN, protocol: 'aid' });
    } finally {
      test.host.reader.configure({ aid: 'F0504F533235' });
    }
  });

  it('reads a lingering card once, and again only after it was taken away', async () => {
    const from = test.events.mark();
    const card = await VirtualWalletCard.tap({ app: { kind: 'aid', token: TOKEN } });
    await test.nextResult(from);
    // pcscd polls the card every ~400 ms; wait through several polls for a second read.
    const polled = card.log.filter((entry) => entry.kind === 'control').length;
    await card.waitUntil(
      () => card.log.filter((entry) => entry.kind === 'control').length >= polled + 4,
      'four presence polls',
    );
    expect(test.events.since(from).filter((event) => event.type === 'token-read')).toHaveLength(1);
    expect(card.apdus()).toHaveLength(1);
    await card.tapAgain();
    const removed = await test.events.waitFor(
      (event) => event.type === 'card-removed',
      'card removed',
      { from },
    );
    await test.events.waitFor((event) => event.type === 'token-read', 'second read', {
      from: test.events.items.indexOf(removed),
    });
    await card.remove();
    expect(test.events.since(from).filter((event) => event.type === 'token-read')).toHaveLength(2);
  });
});
