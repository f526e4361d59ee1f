// Each page imports only the Mantine CSS files of the components it uses
// (renderer/<page>/mantine-styles.ts). A component used without its file would draw unstyled,
// which no behaviour test notices: so the built pages (`npm run build` first) are read here.
// Every Mantine class the page's scripts name (its entry, the chunks it preloads and those it
// loads later, the lazy screens) must have rules in the CSS the page loads; no script is run.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const rendererDir = resolve(import.meta.dirname, '../../out/renderer');
const assetsDir = join(rendererDir, 'assets');

/** The scripts and style sheets a page loads at start and later, from its built HTML. */
function pageFiles(page: 'cashier' | 'display'): { scripts: string[]; styles: string[] } {
  const htmlFile = join(rendererDir, page, 'index.html');
  const html = readFileSync(htmlFile, 'utf8');
  const linked = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((match) =>
    resolve(dirname(htmlFile), match[1]!),
  );
  const scripts = new Set(linked.filter((file) => file.endsWith('.js')));
  const styles = new Set(linked.filter((file) => file.endsWith('.css')));
  // Chunks name the chunks and style sheets they load by file name (imports, lazy imports,
  // the preload lists of lazy imports): follow them all.
  const queue = [...scripts];
  while (queue.length > 0) {
    const source = readFileSync(queue.pop()!, 'utf8');
    for (const [, name] of source.matchAll(/["'/]([\w.-]+\.(?:js|css))["']/g)) {
      const file = join(assetsDir, name!);
      if (!existsSync(file)) continue;
      if (file.endsWith('.css')) styles.add(file);
      else if (!scripts.has(file)) {
        scripts.add(file);
        queue.push(file);
      }
    }
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/** Mantine's generated class names (`m_` and 8 hex digits) in a text. */
const mantineClasses = (text: string): Set<string> =>
  new Set(text.match(/\bm_[0-9a-f]{8}\b/g) ?? []);

describe('the built pages load the Mantine CSS their components need', () => {
  for (const page of ['cashier', 'display'] as const) {
    it(`${page}: every Mantine class its scripts use has rules in its CSS`, () => {
      const { scripts, styles } = pageFiles(page);
      const used = mantineClasses(scripts.map((file) => readFileSync(file, 'utf8')).join('\n'));
      const styled = mantineClasses(styles.map((file) => readFileSync(file, 'utf8')).join('\n'));
      // The scan finds what it looks for (the display uses Text only; the cashier dozens).
      expect(used.size).toBeGreaterThan(0);
      expect([...used].filter((name) => !styled.has(name))).toEqual([]);
    });
  }

  it('the cashier page loads less than all of Mantine at start', () => {
    const html = readFileSync(join(rendererDir, 'cashier/index.html'), 'utf8');
    const startStyles = [...html.matchAll(/href="([^"]+\.css)"/g)].map((match) =>
      resolve(join(rendererDir, 'cashier'), match[1]!),
    );
    const bytes = startStyles.reduce((sum, file) => sum + readFileSync(file).length, 0);
    const allOfMantine = readFileSync(
      resolve(import.meta.dirname, '../../node_modules/@mantine/core/styles.css'),
    ).length;
    expect(bytes).toBeLessThan(allOfMantine * 0.6);
  });
});
