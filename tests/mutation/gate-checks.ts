import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import type { CriticalFile } from './critical-files';
import type { MutationReport } from './mutation-verdict';

/** Relative module specifiers: static and dynamic imports, re-exports, vi.mock paths. */
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;

function resolveLocal(fromFile: string, specifier: string): string | null {
  const base = normalize(join(dirname(fromFile), specifier));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((path) => /\.tsx?$/.test(path) && existsSync(path)) ?? null;
}

/** Every file of ours the given files import, directly or not (the files themselves included). */
export function importClosure(roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const path = pending.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const match of readFileSync(path, 'utf8').matchAll(SPECIFIER)) {
      const target = resolveLocal(path, match[2]!);
      if (target && !target.includes('node_modules')) pending.push(target);
    }
  }
  return [...seen].sort();
}

/** How tests are run for a file, whatever file is mutated: part of every file's inputs. */
const RUN_CONFIG = 'tests/mutation/vitest.mutation.config.ts';

/**
 * A digest of what a file's result depends on beyond the file and its listed tests, which
 * Stryker compares itself: the modules they import (a test helper, a rule the file calls) and
 * how the tests are run. When it changes, the file is tested again in full.
 */
export function inputsDigest(file: CriticalFile): string {
  const own = new Set([file.source, ...file.tests]);
  const inputs = [
    ...importClosure([file.source, ...file.tests]).filter((path) => !own.has(path)),
    RUN_CONFIG,
  ];
  const hash = createHash('sha256');
  for (const path of inputs) hash.update(`${path}\0${readFileSync(path, 'utf8')}\0`);
  return hash.digest('hex');
}

/**
 * What would let a weak test or a bug through whatever the score says, in words: a Stryker
 * comment in the source (its mutants are not made), no tests, a result made with other tests
 * than the list names, or a test that looks at Stryker's own state (it can tell a mutant run
 * from a real one and pass every mutant).
 */
export function gateProblems(file: CriticalFile, report: MutationReport | null): string[] {
  const problems: string[] = [];
  if (/Stryker (?:disable|restore)/.test(readFileSync(file.source, 'utf8')))
    problems.push(
      'holds a Stryker disable comment: explain an equivalent mutant in its test instead',
    );
  if (file.tests.length === 0) problems.push('names no tests');
  const tested = Object.keys(report?.testFiles ?? {}).sort();
  if (report && tested.join('\n') !== [...file.tests].sort().join('\n'))
    problems.push(`was tested by ${tested.join(', ') || 'no tests'}, not the tests the list names`);
  for (const path of importClosure(file.tests)) {
    if (/__stryker__|stryMutAct/.test(readFileSync(path, 'utf8')))
      problems.push(`${path} looks at Stryker's own state`);
  }
  return problems;
}
