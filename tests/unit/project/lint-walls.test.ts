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

  it('an import that closes a cycle is refused', async () => {
    // shared/pricing/conversion.ts imports shared/money.ts: money importing it back is a cycle.
    const code = "import { quoteSale } from './pricing/conversion';\nexport const x = quoteSale;\n";
    expect(await ruleIdsFor('shared/money.ts', code)).toContain('import-x/no-cycle');
    expect(await ruleIdsFor('shared/x.ts', code)).toEqual([]);
  });
});
