import {
  equivalentMutantsIn,
  explainsNone,
  unexplained,
  type SurvivingMutant,
} from './equivalent-mutants';

/** The parts of Stryker's JSON report (mutation-testing-report-schema) the verdict reads. */
export interface MutationReport {
  files: Record<
    string,
    {
      source: string;
      mutants: {
        mutatorName: string;
        replacement?: string;
        status: string;
        /** Acts when the module loads (a table's entry, a constant), so no single test covers it. */
        static?: boolean;
        location: { start: { line: number } };
      }[];
    }
  >;
  testFiles?: Record<string, { source?: string }>;
}

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

const DETECTED = new Set(['Killed', 'Timeout']);
// An ignored mutant (a `Stryker disable` comment) is one no test was asked to catch: it counts
// as not caught and needs its explanation like a survivor, so a comment cannot hide a bug.
const UNDETECTED = new Set(['Survived', 'NoCoverage', 'Ignored']);

export interface MutationVerdict {
  ok: boolean;
  lines: string[];
}

/**
 * A critical file passes when its mutation score (caught / (caught + not caught); mutants that
 * did not compile do not count) reaches the floor, every mutant that was not caught is
 * explained, in one of its tests, as equivalent, and no explanation of a line of this file is
 * left over from a mutant that is caught now (it would excuse the next one written there).
 */
export function judge(
  source: string,
  report: MutationReport,
  testSources: readonly string[],
  floorPercent: number,
): MutationVerdict {
  const file = report.files[source];
  const mutants = file?.mutants ?? [];
  const sourceLines = (file?.source ?? '').split('\n');
  const detected = mutants.filter((mutant) => DETECTED.has(mutant.status)).length;
  const survivors: SurvivingMutant[] = mutants
    .filter((mutant) => UNDETECTED.has(mutant.status))
    .map((mutant) => ({
      mutatorName: mutant.mutatorName,
      replacement: mutant.replacement ?? '',
      line: mutant.location.start.line,
      lineText: sourceLines[mutant.location.start.line - 1] ?? '',
    }));
  const valid = detected + survivors.length;
  const score = valid === 0 ? 100 : (100 * detected) / valid;
  const explanations = testSources.flatMap(equivalentMutantsIn);
  const missing = unexplained(survivors, explanations);
  // Only explanations of a line this file holds are its own: a test may serve two files.
  const ownLines = new Set(sourceLines.map(fold));
  const stale = explanations.filter(
    (entry) => ownLines.has(entry.inLine) && explainsNone(entry, survivors),
  );
  const ok = valid > 0 && score >= floorPercent && missing.length === 0 && stale.length === 0;
  const lines = [
    `${source}: ${score.toFixed(1)} % of ${valid} mutants caught, ${survivors.length} equivalent` +
      ` (${missing.length} not explained): ${ok ? 'MEETS' : 'FAILS'}`,
    ...missing.map(
      (mutant) =>
        `  line ${mutant.line} survives; if it is equivalent, explain it in a test as\n` +
        `  // Equivalent mutant: ${mutant.mutatorName} \`${fold(mutant.replacement)}\` in \`${fold(mutant.lineText)}\`: <why>`,
    ),
    ...stale.map(
      (entry) =>
        `  an explanation no survivor needs any more (remove it): ${entry.mutatorName} \`${entry.replacement}\` in \`${entry.inLine}\``,
    ),
  ];
  return { ok, lines };
}
