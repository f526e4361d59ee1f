// Mutation testing of the critical files (critical-files.ts) with StrykerJS and its vitest runner.
//
//   npm run mutation                       every critical file
//   npm run mutation -- shared/money.ts    only the files named
//   npm run mutation -- --touched          only the files whose source or tests differ from their
//                                          committed result (what CI runs); the others are judged
//                                          from that result as it stands
//   npm run mutation -- --force            test every mutant again, not only the changed ones
//
// Each run is incremental: tests/mutation/results/<file>.json (committed) holds the last result,
// and Stryker tests again only the mutants whose code or covering tests changed since. A file
// fails when its score is under MUTATION_SCORE_FLOOR or a survivor is not explained as an
// equivalent mutant in its test (equivalent-mutants.ts). Exit code 1 when any file fails.
import { Stryker } from '@stryker-mutator/core';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { criticalFiles, MUTATION_SCORE_FLOOR, type CriticalFile } from './critical-files';
import { gateProblems, inputsDigest } from './gate-checks';
import { judge, type MutationReport } from './mutation-verdict';

const resultsDir = 'tests/mutation/results';
/** Each file's inputsDigest when its result was written (gate-checks.ts). */
const inputsFile = join(resultsDir, 'inputs.json');

function readInputs(): Record<string, string> {
  return existsSync(inputsFile)
    ? (JSON.parse(readFileSync(inputsFile, 'utf8')) as Record<string, string>)
    : {};
}

function resultFileOf(file: CriticalFile): string {
  return join(resultsDir, `${file.source.replace(/\.tsx?$/, '').replaceAll('/', '--')}.json`);
}

function readReport(path: string): MutationReport | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as MutationReport) : null;
}

/** How the committed result stands against the source and tests as they are now. */
function compareWithResult(
  file: CriticalFile,
  report: MutationReport | null,
): { sameSource: boolean; sameTests: boolean } {
  if (!report) return { sameSource: false, sameTests: false };
  const testFiles = report.testFiles ?? {};
  return {
    sameSource: report.files[file.source]?.source === readFileSync(file.source, 'utf8'),
    sameTests:
      Object.keys(testFiles).sort().join('\n') === [...file.tests].sort().join('\n') &&
      file.tests.every((test) => testFiles[test]?.source === readFileSync(test, 'utf8')),
  };
}

/**
 * Stryker reuses the result of a static mutant (one that acts when the module loads, such as
 * a table's entry) while its code is unchanged, whatever became of the tests: after the tests
 * change, such a file is tested again in full.
 */
function needsFullRun(report: MutationReport | null, sameTests: boolean): boolean {
  return (
    !sameTests &&
    Object.values(report?.files ?? {}).some((entry) =>
      entry.mutants.some((mutant) => mutant.static === true),
    )
  );
}

/** Stryker's options, as its constructor takes them. */
type StrykerOptions = NonNullable<ConstructorParameters<typeof Stryker>[0]>;

function strykerOptions(file: CriticalFile, force: boolean): StrykerOptions {
  return {
    mutate: [file.source],
    testRunner: 'vitest',
    vitest: { configFile: 'tests/mutation/vitest.mutation.config.ts', related: false },
    coverageAnalysis: 'perTest',
    incremental: true,
    incrementalFile: resultFileOf(file),
    force,
    reporters: ['clear-text'],
    clearTextReporter: { reportMutants: false, reportTests: false, allowEmojis: false },
    concurrency: 2,
    ignorePatterns: ['out', 'dist', 'test-artifacts', 'coverage', '.stryker-tmp'],
    thresholds: { high: 95, low: MUTATION_SCORE_FLOOR, break: null },
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const touchedOnly = args.includes('--touched');
  const forceAll = args.includes('--force');
  const named = args.filter((arg) => !arg.startsWith('--'));
  const unknown = named.filter((name) => !criticalFiles.some((file) => file.source === name));
  if (unknown.length > 0) {
    console.error(`Not a critical file (tests/mutation/critical-files.ts): ${unknown.join(', ')}`);
    process.exit(2);
  }
  const chosen = named.length
    ? criticalFiles.filter((file) => named.includes(file.source))
    : criticalFiles;

  const verdicts: string[] = [];
  let failed = false;
  const inputs = readInputs();
  for (const file of chosen) {
    const resultFile = resultFileOf(file);
    const before = readReport(resultFile);
    const { sameSource, sameTests } = compareWithResult(file, before);
    const digest = inputsDigest(file);
    const sameInputs = inputs[file.source] === digest;
    const current = touchedOnly && sameSource && sameTests && sameInputs;
    if (!current) {
      // The vitest runner's worker processes inherit this: only the file's own tests run.
      process.env.MUTATION_TESTS = file.tests.join(',');
      // Stryker compares the file and its listed tests itself, not what they import.
      const force = forceAll || !sameInputs || needsFullRun(before, sameTests);
      await new Stryker(strykerOptions(file, force)).runMutationTest();
      inputs[file.source] = digest;
      writeFileSync(inputsFile, `${JSON.stringify(inputs, null, 2)}\n`);
    }
    const report = readReport(resultFile);
    const testSources = file.tests.map((test) => readFileSync(test, 'utf8'));
    const verdict = report
      ? judge(file.source, report, testSources, MUTATION_SCORE_FLOOR)
      : { ok: false, lines: [`${file.source}: no result was written (${resultFile})`] };
    const problems = gateProblems(file, report);
    if (!verdict.ok || problems.length > 0) failed = true;
    const [summary, ...survivors] = verdict.lines;
    verdicts.push(
      current ? `${summary} (result unchanged)` : summary!,
      ...survivors,
      ...problems.map((problem) => `  FAILS: ${file.source} ${problem}`),
    );
  }
  if (named.length === 0) {
    // A result without its entry: a critical file taken off the list.
    const listed = new Set(criticalFiles.map((file) => resultFileOf(file)));
    for (const name of readdirSync(resultsDir)) {
      const path = join(resultsDir, name);
      if (path === inputsFile || listed.has(path)) continue;
      failed = true;
      verdicts.push(`FAILS: ${path} belongs to no critical file; put the file back on the list`);
    }
  }
  console.log(`\nMutation score floor ${MUTATION_SCORE_FLOOR} %:\n${verdicts.join('\n')}`);
  if (failed) process.exit(1);
}

await main();
