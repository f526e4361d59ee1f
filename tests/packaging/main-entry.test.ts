import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/package-app';

// What main evaluates before it opens its windows is its entry, out/main/index.js (after
// `npm run build`): the services' code and the OS printing must not be in it, but in chunks of
// their own that main imports once the windows opened have their files (electron/main/index.ts).
// The build names each module it bundles in a comment line (`// electron/app/app-services.ts`).

const mainDir = join(repoRoot, 'out/main');
const modulesIn = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^\/\/ ((?:electron|shared)\/\S+\.ts)$/gm)].map(
    (match) => match[1]!,
  );

/** Modules only the services use: loaded after the windows open. */
const lateModules = [
  'electron/app/app-services.ts',
  'electron/journal/sqlite-order-journal.ts',
  'electron/sandbox/sandbox-server.ts',
  'electron/printing/escpos/network-printer.ts',
  'electron/main/printing/os-printer.ts',
  'electron/printing/print-html.ts',
];

describe("main's entry", () => {
  const entry = modulesIn(join(mainDir, 'index.js'));
  const chunks = readdirSync(join(mainDir, 'chunks')).flatMap((file) =>
    modulesIn(join(mainDir, 'chunks', file)),
  );

  it('holds what opening the windows needs', () => {
    expect(entry).toEqual(
      expect.arrayContaining([
        'electron/main/index.ts',
        'electron/main/page-load-watch.ts',
        'electron/app/start-gate.ts',
      ]),
    );
  });

  it("leaves the services' code and the OS printing to chunks loaded after the windows open", () => {
    expect(entry.filter((module) => lateModules.includes(module))).toEqual([]);
    expect(chunks).toEqual(expect.arrayContaining(lateModules));
  });
});
