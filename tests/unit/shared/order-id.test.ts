import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { validate, version } from 'uuid';
import {
  REFERENCE_ALPHABET,
  isOrderId,
  newOrderId,
  normaliseReference,
  referenceOf,
} from '../../../shared/order-id';

const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);
const fixedBytes = (bytes: number[]) => () => Uint8Array.from(bytes);
const bytes16 = fc.uint8Array({ minLength: 16, maxLength: 16 });
const REFERENCE = new RegExp(`^[${REFERENCE_ALPHABET}]{3}-[${REFERENCE_ALPHABET}]{3}$`);

describe('newOrderId', () => {
  it('is a UUIDv7 carrying the given millisecond', () => {
    const { orderId } = newOrderId(NOW, fixedBytes(Array.from({ length: 16 }, (_, i) => i * 17)));
    expect(validate(orderId)).toBe(true);
    expect(version(orderId)).toBe(7);
    expect(Number.parseInt(orderId.replace(/-/g, '').slice(0, 12), 16)).toBe(NOW);
  });

  it('is deterministic for given time and random bytes', () => {
    const random = fixedBytes([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(newOrderId(NOW, random)).toEqual(newOrderId(NOW, random));
    expect(newOrderId(NOW, random).orderId).not.toBe(newOrderId(NOW + 1, random).orderId);
  });

  it('takes the reference from the random tail: all-zero tail gives 000-000, all-ones gives ZZZ-ZZZ', () => {
    expect(newOrderId(NOW, fixedBytes(new Array(16).fill(0))).reference).toBe('000-000');
    expect(newOrderId(NOW, fixedBytes(new Array(16).fill(0xff))).reference).toBe('ZZZ-ZZZ');
  });

  it('the reference does not depend on the time', () => {
    const random = fixedBytes([9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6]);
    expect(newOrderId(NOW, random).reference).toBe(newOrderId(NOW + 60_000, random).reference);
  });

  it('uses Web Crypto by default: fresh ids differ', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newOrderId(NOW).orderId));
    expect(ids.size).toBe(200);
  });

  it('refuses impossible times and short random input', () => {
    expect(() => newOrderId(-1)).toThrow(RangeError);
    expect(() => newOrderId(1.5)).toThrow(RangeError);
    expect(() => newOrderId(Number.NaN)).toThrow(RangeError);
    expect(() => newOrderId(2 ** 48)).toThrow(RangeError);
    expect(() => newOrderId(NOW, () => new Uint8Array(15))).toThrow(RangeError);
  });

  it('property: ids sort by time as text', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 47 }),
        fc.integer({ min: 1, max: 2 ** 40 }),
        bytes16,
        bytes16,
        (t, dt, a, b) => {
          const earlier = newOrderId(t, () => a).orderId;
          const later = newOrderId(t + dt, () => b).orderId;
          expect(earlier < later).toBe(true);
        },
      ),
    );
  });

  it('property: the reference is 6 Crockford characters and referenceOf recomputes it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), bytes16, (t, random) => {
        const { orderId, reference } = newOrderId(t, () => random);
        expect(reference).toMatch(REFERENCE);
        expect(referenceOf(orderId)).toBe(reference);
        expect(referenceOf(orderId.toUpperCase())).toBe(reference);
      }),
    );
  });

  it('property: the reference encodes the low 30 random bits', () => {
    fc.assert(
      fc.property(bytes16, (random) => {
        const { reference } = newOrderId(NOW, () => random);
        const tail =
          ((random[12]! & 0x3f) << 24) | (random[13]! << 16) | (random[14]! << 8) | random[15]!;
        const decoded = [...reference.replace('-', '')].reduce(
          (n, c) => n * 32 + REFERENCE_ALPHABET.indexOf(c),
          0,
        );
        expect(decoded).toBe(tail);
      }),
    );
  });
});

describe('referenceOf', () => {
  it('refuses text that is not an order id', () => {
    expect(() => referenceOf('ABC-DEF')).toThrow(RangeError);
    expect(() => referenceOf('')).toThrow(RangeError);
    expect(isOrderId('019a9f1e-7c00-7abc-8def-0123456789ab')).toBe(true);
    expect(isOrderId('019a9f1e7c007abc8def0123456789ab')).toBe(false);
  });
});

describe('normaliseReference', () => {
  it('ignores case, dashes and spaces, and reads O as 0, I and L as 1', () => {
    expect(normaliseReference('k7m-q4x')).toBe('K7MQ4X');
    expect(normaliseReference(' K7M Q4X ')).toBe('K7MQ4X');
    expect(normaliseReference('O1I-L0o')).toBe('011100');
  });

  it('property: every way of writing a reference out normalises to the same text', () => {
    fc.assert(
      fc.property(bytes16, fc.boolean(), fc.boolean(), (random, lower, spaced) => {
        const { reference } = newOrderId(NOW, () => random);
        let typed = lower ? reference.toLowerCase() : reference;
        if (spaced) typed = typed.replace('-', ' ');
        typed = typed.replace(/0/g, 'O').replace(/1/g, lower ? 'l' : 'I');
        expect(normaliseReference(typed)).toBe(normaliseReference(reference));
        expect(normaliseReference(reference)).toBe(reference.replace('-', ''));
      }),
    );
  });
});
