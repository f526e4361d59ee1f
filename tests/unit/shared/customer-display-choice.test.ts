import { describe, expect, it } from 'vitest';
import {
  chooseCustomerDisplay,
  sameScreenWindowBounds,
  usableDisplays,
  type DisplayInfo,
} from '../../../shared/customer-display';

const laptop: DisplayInfo = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  primary: true,
  internal: true,
};
const right: DisplayInfo = { id: 2, bounds: { x: 1920, y: 0, width: 1280, height: 800 } };
const left: DisplayInfo = { id: 3, bounds: { x: -1024, y: 0, width: 1024, height: 768 } };
const above: DisplayInfo = { id: 4, bounds: { x: 0, y: -1080, width: 1920, height: 1080 } };
const auto = { mode: 'auto' } as const;

const full = (display: DisplayInfo) => ({
  kind: 'fullscreen',
  displayId: display.id,
  bounds: display.bounds,
});

describe('chooseCustomerDisplay: auto', () => {
  it('two displays: the one that is not the cashier', () => {
    expect(chooseCustomerDisplay([laptop, right], laptop.id, auto)).toEqual(full(right));
    expect(chooseCustomerDisplay([laptop, { ...right, primary: false }], right.id, auto)).toEqual(
      full(laptop),
    );
  });

  it('several others: left to right, then top to bottom, whatever order the OS lists them in', () => {
    const desk: DisplayInfo = {
      id: 10,
      bounds: { x: 0, y: 0, width: 1920, height: 1080 },
      primary: true,
    };
    const lower: DisplayInfo = { id: 12, bounds: { x: 1920, y: 1080, width: 800, height: 600 } };
    const upper: DisplayInfo = { id: 11, bounds: { x: 1920, y: 0, width: 800, height: 600 } };
    expect(chooseCustomerDisplay([desk, lower, upper], desk.id, auto)).toEqual(full(upper));
    expect(chooseCustomerDisplay([upper, lower, desk], desk.id, auto)).toEqual(full(upper));
    expect(chooseCustomerDisplay([desk, right, left], desk.id, auto)).toEqual(full(left));
  });

  it('prefers an external display over a built-in panel', () => {
    const external: DisplayInfo = {
      id: 20,
      bounds: { x: -1920, y: 0, width: 1920, height: 1080 },
      primary: true,
    };
    const builtIn: DisplayInfo = {
      id: 21,
      bounds: { x: -3000, y: 0, width: 1080, height: 720 },
      internal: true,
    };
    const customer: DisplayInfo = { id: 22, bounds: { x: 0, y: 0, width: 800, height: 480 } };
    expect(chooseCustomerDisplay([external, builtIn, customer], external.id, auto)).toEqual(
      full(customer),
    );
    // Only the built-in panel left besides the cashier's: it is used.
    expect(chooseCustomerDisplay([external, builtIn], external.id, auto)).toEqual(full(builtIn));
  });

  it("only the cashier's display: nothing, and says how to get a window", () => {
    const choice = chooseCustomerDisplay([laptop], laptop.id, auto);
    expect(choice).toMatchObject({ kind: 'off', reason: 'no-other-display' });
    expect(choice.note).toMatch(/same screen/);
  });

  it('no displays at all (between unplug events): nothing', () => {
    expect(chooseCustomerDisplay([], 1, auto)).toMatchObject({
      kind: 'off',
      reason: 'no-displays',
    });
  });

  it('the cashier display id is gone: the primary is assumed to be the cashier', () => {
    expect(chooseCustomerDisplay([laptop, right], 999, auto)).toEqual(full(right));
    // No primary flagged: the first in order is assumed.
    expect(chooseCustomerDisplay([{ ...laptop, primary: false }, right], 999, auto)).toEqual(
      full(right),
    );
  });

  it('ignores broken entries: zero size, NaN, duplicate ids', () => {
    const zero: DisplayInfo = { id: 5, bounds: { x: -500, y: 0, width: 0, height: 600 } };
    const nan: DisplayInfo = { id: 6, bounds: { x: Number.NaN, y: 0, width: 800, height: 600 } };
    const dupe: DisplayInfo = { id: 1, bounds: { x: -2000, y: 0, width: 800, height: 600 } };
    expect(chooseCustomerDisplay([laptop, zero, nan, dupe, right], laptop.id, auto)).toEqual(
      full(right),
    );
    expect(usableDisplays([laptop, zero, nan, dupe, right]).map((d) => d.id)).toEqual([1, 2]);
  });
});

describe('chooseCustomerDisplay: a specific display', () => {
  it('uses it full screen when present', () => {
    expect(
      chooseCustomerDisplay([laptop, right, left], laptop.id, {
        mode: 'display',
        displayId: right.id,
      }),
    ).toEqual(full(right));
  });

  it('absent (unplugged): falls back to auto and says so', () => {
    const choice = chooseCustomerDisplay([laptop, left], laptop.id, {
      mode: 'display',
      displayId: right.id,
    });
    expect(choice).toMatchObject(full(left));
    expect(choice.note).toMatch(
      /chosen display \(id 2\) is not connected: using the first other display/,
    );
  });

  it('absent with only the cashier display left: nothing, and says why', () => {
    const choice = chooseCustomerDisplay([laptop], laptop.id, {
      mode: 'display',
      displayId: right.id,
    });
    expect(choice).toMatchObject({ kind: 'off', reason: 'no-other-display' });
    expect(choice.note).toMatch(/not connected, and there is no other display/);
  });

  it("it is the cashier's own display: a window there, not a full screen over the till", () => {
    const choice = chooseCustomerDisplay([laptop, right], laptop.id, {
      mode: 'display',
      displayId: laptop.id,
    });
    expect(choice).toMatchObject({ kind: 'window', displayId: laptop.id });
    expect(choice.note).toMatch(/cashier's own/);
  });
});

describe('chooseCustomerDisplay: same screen and off', () => {
  it('same-screen: a window on the cashier display, even when others exist', () => {
    expect(chooseCustomerDisplay([laptop, right], right.id, { mode: 'same-screen' })).toEqual({
      kind: 'window',
      displayId: right.id,
      bounds: sameScreenWindowBounds(right.bounds),
    });
  });

  it('off: nothing, whatever is connected', () => {
    expect(chooseCustomerDisplay([laptop, right], laptop.id, { mode: 'off' })).toEqual({
      kind: 'off',
      reason: 'setting-off',
    });
    expect(chooseCustomerDisplay([], laptop.id, { mode: 'off' })).toEqual({
      kind: 'off',
      reason: 'setting-off',
    });
  });

  it('the same-screen window fits inside its display', () => {
    for (const bounds of [
      laptop.bounds,
      right.bounds,
      left.bounds,
      above.bounds,
      { x: 0, y: 0, width: 400, height: 300 },
    ]) {
      const window = sameScreenWindowBounds(bounds);
      expect(window.x).toBeGreaterThanOrEqual(bounds.x);
      expect(window.y).toBeGreaterThanOrEqual(bounds.y);
      expect(window.x + window.width).toBeLessThanOrEqual(bounds.x + bounds.width);
      expect(window.y + window.height).toBeLessThanOrEqual(bounds.y + bounds.height);
      expect(window.width).toBeGreaterThan(0);
    }
  });
});

describe('chooseCustomerDisplay over a day of plugging', () => {
  it('follows unplug, replug with a new id, and a resolution change', () => {
    const setting = { mode: 'display', displayId: 2 } as const;
    const steps: { displays: DisplayInfo[]; expected: unknown }[] = [
      { displays: [laptop, right], expected: full(right) },
      { displays: [laptop], expected: { kind: 'off', reason: 'no-other-display' } }, // unplugged
      { displays: [laptop, right], expected: full(right) }, // replugged, same id
      { displays: [laptop, { ...right, id: 7 }], expected: { ...full({ ...right, id: 7 }) } }, // new id: fallback
      {
        displays: [laptop, { ...right, bounds: { x: 1920, y: 0, width: 1920, height: 1080 } }],
        expected: full({ ...right, bounds: { x: 1920, y: 0, width: 1920, height: 1080 } }),
      }, // new resolution
      {
        displays: [
          { ...right, primary: true },
          { ...laptop, primary: false },
        ],
        expected: full(right),
      }, // primary swapped, cashier still 1
    ];
    for (const step of steps) {
      expect(chooseCustomerDisplay(step.displays, laptop.id, setting)).toMatchObject(
        step.expected as object,
      );
    }
  });
});
