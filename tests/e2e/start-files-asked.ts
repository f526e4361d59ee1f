import type { Page } from 'playwright';
import { startFilesOf } from '../../electron/main/page-load-watch';

/**
 * Opens `url` in `page` and waits until `ready` shows: answers the start files the page's
 * HTML names (as main's page-load watch reads them) and those of them the page never asked
 * for. A file named and never asked for would keep main's services waiting for their bound.
 */
export async function openNotingStartFiles(
  page: Page,
  url: string,
  ready: string,
): Promise<{ named: string[]; notAsked: string[] }> {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const response = await page.goto(url);
  const named = [...startFilesOf(new URL(url).pathname, await response!.text())];
  await page.locator(ready).waitFor();
  return { named, notAsked: named.filter((path) => !asked.includes(path)) };
}
