import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gateProblems, importClosure, inputsDigest } from '../../mutation/gate-checks';
import type { MutationReport } from '../../mutation/mutation-verdict';

let dir: string;
const at = (name: string) => join(dir, name);
const write = (name: string, text: string) => writeFileSync(at(name), text);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mutation-gate-'));
  write('rule.ts', "import { helper } from './helper';\nexport const rule = helper;\n");
  write('helper.ts', "export { deeper as helper } from './deeper';\n");
  write('deeper.tsx', "import { z } from 'zod';\nexport const deeper = z;\n");
  write('rule.test.ts', "import { rule } from './rule';\nimport './test-kit';\nexport { rule };\n");
  write('test-kit.ts', 'export const expectIt = true;\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const reportTestedBy = (...tests: string[]): MutationReport => ({
  files: {},
  testFiles: Object.fromEntries(tests.map((test) => [test, { source: '' }])),
});

describe('what a critical file result depends on', () => {
  it('follows imports and re-exports of our own files, not packages', () => {
    expect(importClosure([at('rule.test.ts')])).toEqual(
      ['deeper.tsx', 'helper.ts', 'rule.test.ts', 'rule.ts', 'test-kit.ts'].map(at),
    );
  });

  it('changes when a module the file or its tests import changes, not the file or its tests', () => {
    const file = { source: at('rule.ts'), tests: [at('rule.test.ts')] };
    const first = inputsDigest(file);
    write('rule.ts', "import { helper } from './helper';\nexport const rule = !helper;\n");
    write('rule.test.ts', "import { rule } from './rule';\nimport './test-kit';\n");
    expect(inputsDigest(file)).toBe(first);
    write('test-kit.ts', 'export const expectIt = false;\n');
    const afterKit = inputsDigest(file);
    expect(afterKit).not.toBe(first);
    write('deeper.tsx', "export const deeper = 'changed';\n");
    expect(inputsDigest(file)).not.toBe(afterKit);
  });
});

describe('what the gate refuses besides the score', () => {
  const file = () => ({ source: at('rule.ts'), tests: [at('rule.test.ts')] });

  it('passes a file tested by exactly its listed tests', () => {
    expect(gateProblems(file(), reportTestedBy(at('rule.test.ts')))).toEqual([]);
  });

  it('refuses a Stryker disable comment in the file', () => {
    write('rule.ts', '// Stryker disable next-line Regex: why\nexport const rule = /^a$/;\n');
    expect(gateProblems(file(), reportTestedBy(at('rule.test.ts')))).toEqual([
      'holds a Stryker disable comment: explain an equivalent mutant in its test instead',
    ]);
  });

  it('refuses a file with no tests, and a result made with other tests', () => {
    expect(gateProblems({ source: at('rule.ts'), tests: [] }, reportTestedBy())).toEqual([
      'names no tests',
    ]);
    expect(gateProblems(file(), reportTestedBy(at('other.test.ts')))).toEqual([
      `was tested by ${at('other.test.ts')}, not the tests the list names`,
    ]);
    expect(gateProblems(file(), reportTestedBy())).toEqual([
      'was tested by no tests, not the tests the list names',
    ]);
  });

  it("refuses a test, or a helper it imports, that looks at Stryker's own state", () => {
    write('test-kit.ts', 'export const running = (globalThis as any).__stryker__;\n');
    expect(gateProblems(file(), reportTestedBy(at('rule.test.ts')))).toEqual([
      `${at('test-kit.ts')} looks at Stryker's own state`,
    ]);
  });
});
