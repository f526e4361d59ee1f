// @vitest-environment happy-dom
// Main writes the shop's idle screen into the customer display's HTML, from the settings
// alone, so the customer sees it before the page's code and the services
// (renderer/common/start-screen.ts); each page's HTML gets its own mark (page-marks.ts).
import { describe, expect, it } from 'vitest';
import {
  markDisplayStart,
  type DisplayStartSettings,
} from '../../../electron/main/display-start-mark';
import { markPageHtml, type PageMarkSettings } from '../../../electron/main/page-marks';
import { CASHIER_PAGE, DISPLAY_PAGE } from '../../../electron/main/page-paths';

const html = '<body>\n<div id="start-screen"></div>\n<div id="root"></div>\n</body>';
const demo: DisplayStartSettings = {
  shopName: '',
  shopLogo: '',
  serviceBaseUrl: '',
  demoModeAllowed: true,
};
const withService: DisplayStartSettings = {
  ...demo,
  serviceBaseUrl: 'https://pay.example',
  demoModeAllowed: false,
};
const logo = 'data:image/png;base64,iVBORw0KGgo=';

/** The start screen main wrote, parsed as the page's DOM would be. */
function startScreenOf(marked: string): Element {
  const body = new DOMParser().parseFromString(marked, 'text/html').body;
  const screen = body.querySelector('#start-screen > main.cd-root');
  if (!screen) throw new Error(`no start screen in ${marked}`);
  return screen;
}

describe('the customer display idle screen, written by main', () => {
  it('welcomes with the shop name, escaped, and no demo banner with a service', () => {
    const screen = startScreenOf(
      markDisplayStart(html, { ...withService, shopName: '  Corner <b>Café</b> & Co  ' }),
    );
    expect(screen.querySelector('h1.cd-title')?.textContent).toBe('Corner <b>Café</b> & Co');
    expect(screen.querySelector('h1 b')).toBeNull();
    expect(screen.querySelector('p.cd-subtitle')?.textContent).toBe('Welcome');
    expect(screen.querySelector('.cd-demo-banner')).toBeNull();
    expect(screen.getAttribute('data-demo')).toBe('false');
  });

  it('says Welcome alone without a shop name, with the demo banner in demo mode', () => {
    const screen = startScreenOf(markDisplayStart(html, demo));
    expect(screen.querySelector('h1.cd-title')?.textContent).toBe('Welcome');
    expect(screen.querySelector('p.cd-subtitle')).toBeNull();
    expect(screen.querySelector('.cd-demo-banner')?.textContent).toBe('Demo — no real payment');
    expect(screen.getAttribute('data-demo')).toBe('true');
  });

  it('has no demo banner when demo mode is not allowed, even with no service yet', () => {
    const screen = startScreenOf(markDisplayStart(html, { ...demo, demoModeAllowed: false }));
    expect(screen.querySelector('.cd-demo-banner')).toBeNull();
  });

  it('shows a data: logo as it is, and leaves an https logo to the services to download', () => {
    const withLogo = startScreenOf(
      markDisplayStart(html, { ...demo, shopName: 'Kiosk', shopLogo: logo }),
    );
    const image = withLogo.querySelector('.cd-brand-large img.cd-brand-logo');
    expect(image?.getAttribute('src')).toBe(logo);
    expect(image?.getAttribute('alt')).toBe('Kiosk logo');
    const remote = startScreenOf(
      markDisplayStart(html, { ...demo, shopLogo: 'https://shop.example/logo.png' }),
    );
    expect(remote.querySelector('img')).toBeNull();
  });

  it('leaves a page without the slot as it was', () => {
    const other = '<body><div id="root"></div></body>';
    expect(markDisplayStart(other, demo)).toBe(other);
  });
});

describe('each page its own mark', () => {
  const settings: PageMarkSettings = { ...demo, shopName: 'Kiosk', staffPinsRequired: false };
  const page = `<html lang="en">${html}</html>`;

  it('marks the cashier page for its start screen and writes the display its idle screen', () => {
    expect(markPageHtml(CASHIER_PAGE, page, settings)).toContain('<html data-first-screen="sale"');
    expect(markPageHtml(CASHIER_PAGE, page, settings)).not.toContain('cd-root');
    const display = markPageHtml(DISPLAY_PAGE, page, settings);
    expect(startScreenOf(display).textContent).toContain('Kiosk');
    expect(display).not.toContain('data-first-screen');
  });

  it('leaves any other file as it was', () => {
    expect(markPageHtml('/assets/receipt.html', page, settings)).toBe(page);
  });
});
