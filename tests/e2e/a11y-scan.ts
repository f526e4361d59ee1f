/**
 * axe-core in a real page: WCAG 2.0 A/AA and 2.1 AA rules, with the violations that block a
 * person (impact serious or critical) as one line each, so a failing test names the rule, the
 * element and the numbers axe measured.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright';
import type { AxeResults, ImpactValue } from 'axe-core';

// The pages' CSP (script-src 'self') refuses the inline <script> page.addScriptTag would add,
// and the scan must see the page under its real CSP: the file runs through the DevTools
// protocol instead, which the CSP does not govern.
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

const blocking: readonly ImpactValue[] = ['serious', 'critical'];

/** "rule (impact): selector — what axe says", one per element that fails a blocking rule. */
export async function blockingViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] },
      resultTypes: ['violations'],
    }),
  );
  return results.violations
    .filter((violation) => violation.impact && blocking.includes(violation.impact))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`,
      ),
    );
}

/** Interactive elements whose hit area is smaller than `min` px in either direction. */
export async function smallTouchTargets(page: Page, within: string, min = 44): Promise<string[]> {
  return page.evaluate(
    ([root, edge]) => {
      const selector =
        'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="switch"], [role="radio"], [role="checkbox"], [role="tab"]';
      const small: string[] = [];
      for (const element of document.querySelectorAll<HTMLElement>(`${root} :is(${selector})`)) {
        const own = element.getBoundingClientRect();
        if (own.width === 0 && own.height === 0) continue;
        // A check box or switch is hit through its whole label; an input inside Mantine's
        // bordered box (a password field) through that box.
        const hit = (
          element.closest('label') ??
          element.closest('.mantine-Input-input') ??
          element
        ).getBoundingClientRect();
        const width = Math.max(own.width, hit.width);
        const height = Math.max(own.height, hit.height);
        if (width + 0.5 < edge || height + 0.5 < edge) {
          const name =
            element.getAttribute('data-testid') ??
            element.getAttribute('aria-label') ??
            element.textContent?.trim().slice(0, 40) ??
            element.tagName;
          small.push(
            `${element.tagName.toLowerCase()} "${name}": ${Math.round(width)}×${Math.round(height)}`,
          );
        }
      }
      return small;
    },
    [within, min] as const,
  );
}

/** "page-has-one-h1: N level-one headings" unless the page has exactly one. */
export async function levelOneHeadingFinding(page: Page): Promise<string[]> {
  const count = await page.locator('h1').count();
  return count === 1 ? [] : [`page-has-one-h1: ${count} level-one headings`];
}
