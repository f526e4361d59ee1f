// Main tells the cashier page, in its HTML, whether it opens at the sale: only then does the
// start screen show its amount field (renderer/cashier/start-screen.ts).
import { describe, expect, it } from 'vitest';
import {
  markFirstScreen,
  opensAtSale,
  type FirstScreenSettings,
} from '../../../electron/main/first-screen-mark';

const demo: FirstScreenSettings = {
  staffPinsRequired: false,
  serviceBaseUrl: '',
  demoModeAllowed: true,
};
const html = '<!doctype html>\n<html lang="en">\n  <head></head>\n</html>';

describe('the cashier page first screen, from the settings alone', () => {
  it('opens at the sale in demo mode and with a service, staff PINs off', () => {
    expect(opensAtSale(demo)).toBe(true);
    expect(
      opensAtSale({ ...demo, serviceBaseUrl: 'https://pay.example', demoModeAllowed: false }),
    ).toBe(true);
  });

  it('does not when staff sign in first, or the till has nothing to sell through yet', () => {
    expect(opensAtSale({ ...demo, staffPinsRequired: true })).toBe(false);
    expect(opensAtSale({ ...demo, demoModeAllowed: false })).toBe(false);
  });

  it('marks the HTML only when the page opens at the sale, and leaves the rest as it was', () => {
    expect(markFirstScreen(html, demo)).toBe(
      '<!doctype html>\n<html data-first-screen="sale" lang="en">\n  <head></head>\n</html>',
    );
    expect(markFirstScreen(html, { ...demo, staffPinsRequired: true })).toBe(html);
  });
});
