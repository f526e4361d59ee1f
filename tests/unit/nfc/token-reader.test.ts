import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_WALLET_AID } from '../../../electron/nfc/apdu';
import { bytesToHex, hexToBytes } from '../../../electron/nfc/bytes';
import { readWalletToken, type TokenReaderOptions } from '../../../electron/nfc/token-reader';
import type { TransmitPort } from '../../../electron/nfc/timed-transmit';
import { nfcTokenSchema } from '../../../shared/wire/requests';
import { ManualClock } from '../../support/manual-clock';
import {
  WalletCardModel,
  ndefMessage,
  ndefRecord,
  textRecordMessage,
  uriRecordMessage,
  type CardApplication,
} from '../../support/virtual-wallet-card';

const TOKEN = '0f8fad5b-d9cb-469f-a165-70867728950e';
const hex = (bytes: Uint8Array) => bytesToHex(bytes).toUpperCase();

function options(clock = new ManualClock()): TokenReaderOptions {
  return { aid: DEFAULT_WALLET_AID, apduTimeoutMs: 500, clock };
}

/** The card model as a transmit port, recording every command. */
function cardPort(
  app: CardApplication,
  override?: (apdu: Uint8Array, answer: Uint8Array) => Uint8Array | Promise<Uint8Array>,
) {
  const model = new WalletCardModel(app);
  const sent: string[] = [];
  const transmit: TransmitPort = async (apdu) => {
    sent.push(hex(apdu));
    const answer = model.respond(apdu);
    return override ? override(apdu, answer) : answer;
  };
  return { transmit, sent };
}

describe('reading a token by the wallet AID', () => {
  it('reads an ASCII token with one SELECT', async () => {
    const { transmit, sent } = cardPort({ kind: 'aid', token: TOKEN });
    expect(await readWalletToken(transmit, options())).toEqual({
      ok: true,
      token: TOKEN,
      protocol: 'aid',
    });
    expect(sent).toEqual(['00A4040006F0504F53323500']);
  });

  it('reads a 16-byte raw token', async () => {
    const { transmit } = cardPort({ kind: 'aid', token: TOKEN, encoding: 'raw' });
    expect(await readWalletToken(transmit, options())).toEqual({
      ok: true,
      token: TOKEN,
      protocol: 'aid',
    });
  });

  it('uses the configured AID', async () => {
    const { transmit, sent } = cardPort({ kind: 'aid', token: TOKEN, aid: 'A000000001020304' });
    const result = await readWalletToken(transmit, {
      ...options(),
      aid: hexToBytes('A000000001020304') as Uint8Array,
    });
    expect(result.ok).toBe(true);
    expect(sent[0]).toBe('00A4040008A00000000102030400');
  });

  it('fetches the rest with GET RESPONSE after 61xx', async () => {
    const raw = hexToBytes(TOKEN.replace(/-/g, '')) as Uint8Array;
    const sent: string[] = [];
    const transmit: TransmitPort = async (apdu) => {
      sent.push(hex(apdu));
      if (apdu[1] === 0xa4) return Uint8Array.of(...raw.subarray(0, 6), 0x61, 0x0a);
      return Uint8Array.of(...raw.subarray(6), 0x90, 0x00);
    };
    expect(await readWalletToken(transmit, options())).toEqual({
      ok: true,
      token: TOKEN,
      protocol: 'aid',
    });
    expect(sent[1]).toBe('00C000000A');
  });

  it('gives up when a card announces more data forever', async () => {
    const transmit: TransmitPort = async () => Uint8Array.of(0x00, 0x61, 0x01);
    expect(await readWalletToken(transmit, options())).toMatchObject({
      ok: false,
      fault: 'garbled',
    });
  });
});

describe('reading a token from a Type 4 NDEF tag', () => {
  it('falls back to NDEF and reads a Text record over several short reads', async () => {
    const { transmit, sent } = cardPort({
      kind: 'ndef',
      record: 'text',
      token: TOKEN,
      padding: 100,
    });
    expect(await readWalletToken(transmit, options())).toEqual({
      ok: true,
      token: TOKEN,
      protocol: 'ndef',
    });
    expect(sent.slice(0, 6)).toEqual([
      '00A4040006F0504F53323500',
      '00A4040007D276000085010100',
      '00A4000C02E103',
      '00B000000F',
      '00A4000C02E104',
      '00B0000002',
    ]);
    // The message body in MLe-sized (0x3B) chunks, at contiguous offsets after NLEN.
    const reads = sent.slice(6);
    expect(reads.length).toBeGreaterThan(2);
    expect(reads[0]).toBe('00B000023B');
    expect(reads[1]).toBe('00B0003D3B');
  });

  it('reads a UTF-16 Text record', async () => {
    const { transmit } = cardPort({
      kind: 'ndef',
      record: 'text',
      token: TOKEN,
      textEncoding: 'utf-16',
    });
    expect(await readWalletToken(transmit, options())).toMatchObject({ ok: true, token: TOKEN });
  });

  it('reads a URI record with an extended-length read when MLe allows', async () => {
    const { transmit, sent } = cardPort({
      kind: 'ndef',
      record: 'uri',
      token: TOKEN,
      padding: 600,
      maxRead: 2000,
    });
    expect(await readWalletToken(transmit, options())).toEqual({
      ok: true,
      token: TOKEN,
      protocol: 'ndef',
    });
    const bodyReads = sent.slice(6);
    expect(bodyReads).toHaveLength(1);
    expect(bodyReads[0]?.length).toBe(14); // 7 bytes: 00 B0 P1 P2 00 Le1 Le2
  });

  it('stays with short reads when extended reads are off', async () => {
    const { transmit, sent } = cardPort({
      kind: 'ndef',
      record: 'uri',
      token: TOKEN,
      padding: 600,
      maxRead: 2000,
    });
    const result = await readWalletToken(transmit, { ...options(), extendedReads: false });
    expect(result.ok).toBe(true);
    expect(sent.slice(6).every((apdu) => apdu.length === 10)).toBe(true);
  });

  it('re-sends with the right Le after 6Cxx', async () => {
    let refused = false;
    const { transmit, sent } = cardPort(
      { kind: 'ndef', record: 'text', token: TOKEN },
      (apdu, answer) => {
        if (!refused && hex(apdu) === '00B000000F') {
          refused = true;
          return Uint8Array.of(0x6c, 0x0f);
        }
        return answer;
      },
    );
    expect((await readWalletToken(transmit, options())).ok).toBe(true);
    expect(sent.filter((apdu) => apdu === '00B000000F')).toHaveLength(2);
  });

  it('refuses chunked records', async () => {
    const chunked = Uint8Array.from([0xb1, 0x01, 0x01, 0x54, 0x00]);
    const { transmit } = cardPort({ kind: 'ndef-bytes', message: chunked });
    expect(await readWalletToken(transmit, options())).toMatchObject({
      ok: false,
      fault: 'unsupported-tag',
    });
  });

  it('refuses a tag whose text holds no UUID', async () => {
    const message = ndefRecord(
      0x01,
      'T',
      Uint8Array.from([0x02, 0x65, 0x6e, ...new TextEncoder().encode('hello')]),
    );
    const { transmit } = cardPort({ kind: 'ndef-bytes', message });
    const result = await readWalletToken(transmit, options());
    expect(result).toMatchObject({ ok: false, fault: 'not-a-token' });
    expect(!result.ok && result.reason).toMatch(/not send a valid payment token/);
  });

  it('refuses an NDEF message beyond the cap for its size, saying so', async () => {
    const { transmit } = cardPort({ kind: 'ndef', record: 'text', token: TOKEN, padding: 300 });
    const result = await readWalletToken(transmit, { ...options(), maxNdefBytes: 100 });
    expect(result).toMatchObject({ ok: false, fault: 'too-large' });
    expect(!result.ok && result.reason).toMatch(/far larger than a payment token.*too large/);
  });

  it('takes a link record only in the forms the wallet uses, saying why one is refused', async () => {
    const link = (uri: string) =>
      cardPort({ kind: 'ndef', record: 'uri', token: TOKEN, uri }).transmit;
    expect(await readWalletToken(link('https://wallet.example/pay/{token}'), options())).toEqual({
      ok: true,
      token: TOKEN,
      protocol: 'ndef',
    });
    const product = await readWalletToken(link('https://shop.example/p?ref={token}'), options());
    expect(product).toMatchObject({ ok: false, fault: 'not-a-token' });
    expect(!product.ok && product.reason).toMatch(/link without a payment token/);
  });
});

describe('a tag of several records', () => {
  const OTHER = '11111111-2222-4333-8444-555555555555';
  const read = (message: Uint8Array) =>
    readWalletToken(cardPort({ kind: 'ndef-bytes', message }).transmit, options());

  it('takes the token every record that names one agrees on', async () => {
    const message = ndefMessage(
      ndefRecord(0x02, 'text/plain', new TextEncoder().encode('a note')),
      textRecordMessage(`wallet payment ${TOKEN}`),
      uriRecordMessage(`https://wallet.example/pay/${TOKEN}`),
    );
    expect(await read(message)).toEqual({ ok: true, token: TOKEN, protocol: 'ndef' });
  });

  it.each([
    [
      'a Text record with an order reference before the wallet link',
      [
        textRecordMessage(`order ref ${OTHER}`),
        uriRecordMessage(`https://w.example/pay?token=${TOKEN}`),
      ],
      /more than one possible token/,
    ],
    [
      'a product link before the same UUID in a Text record',
      [uriRecordMessage(`https://shop.example/item?ref=${TOKEN}`), textRecordMessage(TOKEN)],
      /link without a payment token/,
    ],
    [
      'two wallet links with two tokens',
      [
        uriRecordMessage(`https://w.example/pay/${TOKEN}`),
        uriRecordMessage(`https://w.example/pay/${OTHER}`),
      ],
      /more than one possible token/,
    ],
    [
      'a Text record holding a product link',
      [textRecordMessage(`See https://shop.example/item?ref=${TOKEN}`)],
      /a link in text is no payment token/,
    ],
  ])('refuses %s, sending nothing', async (_name, records, reason) => {
    const result = await read(ndefMessage(...records));
    expect(result).toMatchObject({ ok: false, fault: 'not-a-token' });
    expect(!result.ok && result.reason).toMatch(reason);
  });
});

describe('faults give a cashier message and no token', () => {
  it('says "not a wallet" when neither application is there', async () => {
    const { transmit } = cardPort({ kind: 'none' });
    const result = await readWalletToken(transmit, options());
    expect(result).toMatchObject({ ok: false, fault: 'not-a-wallet' });
    expect(!result.ok && result.reason).toContain('6A82');
  });

  it('says the answer was not understood for a 1-byte answer', async () => {
    const transmit: TransmitPort = async () => Uint8Array.of(0x90);
    expect(await readWalletToken(transmit, options())).toMatchObject({
      ok: false,
      fault: 'garbled',
    });
  });

  it('says the phone was moved away when the reader fails or answers nothing', async () => {
    const { transmit } = cardPort(
      { kind: 'ndef', record: 'text', token: TOKEN },
      (apdu, answer) => {
        if (apdu[1] === 0xb0 && apdu[3] === 0x02)
          throw new Error('SCardTransmit error: card removed');
        return answer;
      },
    );
    expect(await readWalletToken(transmit, options())).toMatchObject({
      ok: false,
      fault: 'transmit-failed',
    });
    const empty: TransmitPort = async () => new Uint8Array();
    expect(await readWalletToken(empty, options())).toMatchObject({
      ok: false,
      fault: 'transmit-failed',
    });
    const throwsAtOnce: TransmitPort = () => {
      throw new Error('No card or connection available.');
    };
    expect(await readWalletToken(throwsAtOnce, options())).toMatchObject({
      ok: false,
      fault: 'transmit-failed',
    });
  });

  it('times out an APDU by the clock, without waiting for real time', async () => {
    const clock = new ManualClock();
    let called: () => void = () => undefined;
    const wasCalled = new Promise<void>((resolve) => (called = resolve));
    const transmit: TransmitPort = () => {
      called();
      return new Promise<Uint8Array>(() => undefined);
    };
    const reading = readWalletToken(transmit, options(clock));
    await wasCalled;
    clock.advance(499);
    clock.advance(1);
    const result = await reading;
    expect(result).toMatchObject({ ok: false, fault: 'timeout' });
    expect(clock.pendingTimers()).toBe(0);
  });

  it('ends the whole read at its deadline, however quickly each APDU answers', async () => {
    const clock = new ManualClock();
    const model = new WalletCardModel({
      kind: 'ndef',
      record: 'text',
      token: TOKEN,
      padding: 400,
      maxRead: 15,
    });
    // A slow tag: 15-byte reads, 150 ms each, each well inside its own 500 ms.
    let apdus = 0;
    let apduSent: () => void = () => undefined;
    let nextApdu = new Promise<void>((resolve) => (apduSent = resolve));
    const transmit: TransmitPort = (apdu) => {
      apdus++;
      const answer = new Promise<Uint8Array>((resolve) =>
        clock.at(clock.now() + 150, () => resolve(model.respond(apdu))),
      );
      apduSent();
      nextApdu = new Promise<void>((resolve) => (apduSent = resolve));
      return answer;
    };
    const startedAtMs = clock.now();
    const reading = readWalletToken(transmit, {
      ...options(clock),
      readDeadline: { atMs: startedAtMs + 2000, ms: 2000 },
    });
    const settled = reading.then(() => 'settled' as const);
    // After each APDU sent (the first one at once), time jumps to the next thing due: its
    // answer, or a deadline.
    do clock.set(await clock.armed());
    while ((await Promise.race([nextApdu.then(() => 'sent' as const), settled])) === 'sent');
    const result = await reading;
    expect(result).toMatchObject({ ok: false, fault: 'too-slow' });
    expect(!result.ok && result.reason).toMatch(/took too long.*more than 2000 ms/);
    // Stopped at 2 s: 13 APDUs of 150 ms, the 14th given up at the deadline.
    expect(apdus).toBe(14);
    expect(clock.now() - startedAtMs).toBe(2000);
  });

  it('gives an APDU only what is left of the read, and sends none after the deadline', async () => {
    const clock = new ManualClock();
    const never: TransmitPort = () => new Promise<Uint8Array>(() => undefined);
    const reading = readWalletToken(never, {
      ...options(clock),
      readDeadline: { atMs: clock.now() + 200, ms: 200 },
    });
    await clock.armed();
    clock.advance(200);
    expect(await reading).toMatchObject({ ok: false, fault: 'too-slow' });
    let sent = 0;
    const counting: TransmitPort = async () => (sent++, Uint8Array.of(0x90, 0x00));
    expect(
      await readWalletToken(counting, {
        ...options(clock),
        readDeadline: { atMs: clock.now(), ms: 200 },
      }),
    ).toMatchObject({ ok: false, fault: 'too-slow' });
    expect(sent).toBe(0);
  });

  it('refuses an answer larger than any token needs for its size, not as a phone moved away', async () => {
    const huge: TransmitPort = async () => Uint8Array.from([...new Uint8Array(10_240), 0x90, 0x00]);
    const result = await readWalletToken(huge, options());
    expect(result).toMatchObject({ ok: false, fault: 'too-large' });
    expect(!result.ok && result.reason).toMatch(/far larger.*10242 bytes/);
    const justUnder: TransmitPort = async () =>
      Uint8Array.from([...new Uint8Array(8190), 0x90, 0x00]);
    expect(await readWalletToken(justUnder, options())).not.toMatchObject({ fault: 'too-large' });
    // The addon's words for an answer that outgrew the buffer asked for.
    const overflow: TransmitPort = () => Promise.reject(new Error('Insufficient buffer'));
    expect(await readWalletToken(overflow, options())).toMatchObject({ fault: 'too-large' });
  });

  it('leaves no timer behind after a quick answer', async () => {
    const clock = new ManualClock();
    const { transmit } = cardPort({ kind: 'aid', token: TOKEN });
    await readWalletToken(transmit, options(clock));
    expect(clock.pendingTimers()).toBe(0);
  });

  it('never throws and only returns schema-valid tokens, whatever the card answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.uint8Array({ maxLength: 80 }), fc.constant(null)), {
          minLength: 1,
          maxLength: 12,
        }),
        async (answers) => {
          let index = 0;
          const transmit: TransmitPort = async () => {
            const answer = answers[index++ % answers.length];
            if (answer === null || answer === undefined) throw new Error('reader error');
            return answer;
          };
          const result = await readWalletToken(transmit, options());
          if (result.ok) expect(nfcTokenSchema.safeParse(result.token).success).toBe(true);
          else expect(result.reason.length).toBeGreaterThan(10);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('never throws on random answers that end in 9000 (plausible-looking garbage)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ maxLength: 60 }), { minLength: 1, maxLength: 10 }),
        async (bodies) => {
          let index = 0;
          const transmit: TransmitPort = async () =>
            Uint8Array.from([...(bodies[index++ % bodies.length] ?? []), 0x90, 0x00]);
          const result = await readWalletToken(transmit, options());
          if (result.ok) expect(nfcTokenSchema.safeParse(result.token).success).toBe(true);
        },
      ),
      { numRuns: 1500 },
    );
  });
});
