import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import walls of docs/architecture.md are enforced by eslint.config.js; these cases prove
// each wall actually stops a forbidden import (and lets an allowed one through).
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('import walls', () => {
  it.each([
    [
      'shared/x.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'no-restricted-imports',
    ],
    [
      'shared/x.ts',
      "import { app } from 'electron';\nexport const x = app;\n",
      'no-restricted-imports',
    ],
    [
      'shared/x.ts',
      "import { x as y } from '../electron/sandbox/catalogue';\nexport const x = y;\n",
      'no-restricted-imports',
    ],
    [
      'shared/x.ts',
      "import { useState } from 'react';\nexport const x = useState;\n",
      'no-restricted-imports',
    ],
    [
      'renderer/cashier/x.ts',
      "import { join } from 'node:path';\nexport const x = join;\n",
      'no-restricted-imports',
    ],
    [
      'renderer/cashier/x.ts',
      "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n",
      'no-restricted-imports',
    ],
    [
      'renderer/cashier/x.ts',
      "import { x as y } from '../../electron/sale/sale-service';\nexport const x = y;\n",
      'no-restricted-imports',
    ],
    [
      'electron/sale/x.ts',
      "import { app } from 'electron';\nexport const x = app;\n",
      'no-restricted-imports',
    ],
    [
      'electron/service-client/x.ts',
      "import { x as y } from '../../renderer/cashier/main';\nexport const x = y;\n",
      'no-restricted-imports',
    ],
  ])('%s: a forbidden import is reported (case %#)', async (filePath, code, rule) => {
    expect(await ruleIdsFor(filePath, code)).toContain(rule);
  });

  it.each([
    ['electron/main/x.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    [
      'electron/preload/x.ts',
      "import { contextBridge } from 'electron';\nexport const x = contextBridge;\n",
    ],
    [
      'electron/sale/x.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    ],
    ['renderer/cashier/x.ts', "import { z } from 'zod';\nexport const x = z;\n"],
  ])('%s: an allowed import passes (case %#)', async (filePath, code) => {
    expect(await ruleIdsFor(filePath, code)).toEqual([]);
  });
  // The floors inside electron/, judged by the file an import resolves to.
  it.each([
    [
      'electron/catalogue/x.ts',
      "import { createAppServices } from '../app/app-services';\nexport const x = createAppServices;\n",
    ],
    [
      'electron/catalogue/x.ts',
      "import type { AppPlatform } from '../app/app-platform';\nexport type X = AppPlatform;\n",
    ],
    [
      'electron/sale/x.ts',
      "import { openCashierWindow } from '../main/windows/cashier-window';\nexport const x = openCashierWindow;\n",
    ],
    [
      'electron/app/x.ts',
      "import { openCashierWindow } from '../main/windows/cashier-window';\nexport const x = openCashierWindow;\n",
    ],
    [
      'shared/x.ts',
      "import { x as y } from '../renderer/cashier/cashier-page';\nexport const x = y;\n",
    ],
  ])('%s: an import from a higher floor is refused (case %#)', async (filePath, code) => {
    expect(await ruleIdsFor(filePath, code)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    [
      'electron/app/x.ts',
      "import { Catalogue } from '../catalogue/catalogue';\nexport const x = Catalogue;\n",
    ],
    [
      'electron/main/x.ts',
      "import { createAppServices } from '../app/app-services';\nexport const x = createAppServices;\n",
    ],
    [
      'electron/catalogue/x.ts',
      "import { ServiceConnection } from '../connection/service-connection';\nexport const x = ServiceConnection;\n",
    ],
  ])('%s: an import from the same or a lower floor passes (case %#)', async (filePath, code) => {
    expect(await ruleIdsFor(filePath, code)).toEqual([]);
  });

  // Ways around a wall a developer could plausibly write: each is refused too.
  it.each([
    // A .tsx file in shared/ is still shared/.
    [
      'shared/x.tsx',
      "import { useState } from 'react';\nexport const x = useState;\n",
      'no-restricted-imports',
    ],
    // Electron's documented subpaths are Electron.
    [
      'electron/catalogue/x.ts',
      "import { app } from 'electron/main';\nexport const x = app;\n",
      'no-restricted-imports',
    ],
    // A dynamic import of a package.
    ['shared/x.ts', "export const x = () => import('node:fs');\n", 'import-x/no-nodejs-modules'],
    [
      'renderer/cashier/x.ts',
      "export const x = () => import('electron');\n",
      'no-restricted-syntax',
    ],
    ['electron/sale/x.ts', "export const x = () => import('electron');\n", 'no-restricted-syntax'],
    // A dynamic import of a module of ours, from a page.
    [
      'renderer/cashier/x.ts',
      "export const x = () => import('../../electron/sale/sale-service');\n",
      'import-x/no-restricted-paths',
    ],
    // A file directly in electron/ is on the services' floor.
    [
      'electron/x.ts',
      "import { createAppServices } from './app/app-services';\nexport const x = createAppServices;\n",
      'import-x/no-restricted-paths',
    ],
    // A package that loads Electron itself, run from a service.
    [
      'electron/update/x.ts',
      "import { autoUpdater } from 'electron-updater';\nexport const x = autoUpdater;\n",
      'no-restricted-syntax',
    ],
    // Another module flavour of TypeScript.
    [
      'electron/catalogue/x.mts',
      "import { createAppServices } from '../app/app-services';\nexport const x = createAppServices;\n",
      'import-x/no-restricted-paths',
    ],
  ])('%s: a way around a wall is refused too (case %#)', async (filePath, code, rule) => {
    expect(await ruleIdsFor(filePath, code)).toContain(rule);
  });

  it('a service may still name the types of a package that loads Electron', async () => {
    const code =
      "import type { AppUpdater } from 'electron-updater';\nexport type X = AppUpdater;\n";
    expect(await ruleIdsFor('electron/update/x.ts', code)).toEqual([]);
  });

  it('an import that closes a cycle is refused', async () => {
    // shared/pricing/conversion.ts imports shared/money.ts: money importing it back is a cycle.
    const code = "import { quoteSale } from './pricing/conversion';\nexport const x = quoteSale;\n";
    expect(await ruleIdsFor('shared/money.ts', code)).toContain('import-x/no-cycle');
    expect(await ruleIdsFor('shared/x.ts', code)).toEqual([]);
  });
});
