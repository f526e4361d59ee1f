import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// electron/app/ is composition only (docs/architecture.md, Layers and their walls): what
// composes the services, dispatches a page's call, decides who may make it, and the handlers
// that translate calls to services. A service in it would be a room without its own door.
const appDir = join(import.meta.dirname, '../../../electron/app');
const MAX_APP_FILES = 20;
const composition = new Set([
  'README.md',
  'app-platform.ts',
  'app-services.ts',
  'call-access.ts',
  'dispatch-call.ts',
  // A guard around each export call: the audit row once it ends, with its outcome.
  'export-audit.ts',
  'sale-wiring.ts',
  'settings-reactions.ts',
  'staff-guard.ts',
  'start-gate.ts',
]);

describe('electron/app/', () => {
  const files = readdirSync(appDir);

  it(`holds at most ${MAX_APP_FILES} files`, () => {
    expect(files.length).toBeLessThanOrEqual(MAX_APP_FILES);
  });

  it('holds only composition, dispatch, access rules and guards, and *-handlers.ts', () => {
    expect(files.filter((name) => !composition.has(name) && !/-handlers\.ts$/.test(name))).toEqual(
      [],
    );
  });
});
