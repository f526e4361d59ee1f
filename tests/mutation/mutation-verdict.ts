import { equivalentMutantsIn, unexplained, type SurvivingMutant } from './equivalent-mutants';

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
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

export interface MutationVerdict {
  ok: boolean;
  lines: string[];
}

/**
 * A critical file passes when its mutation score (caught / (caught + not caught); mutants that
 * did not compile or were ignored do not count) reaches the floor and every mutant that was
 * not caught is explained, in one of its tests, as equivalent.
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
  const missing = unexplained(survivors, testSources.flatMap(equivalentMutantsIn));
  const ok = valid > 0 && score >= floorPercent && missing.length === 0;
  const lines = [
    `${source}: ${score.toFixed(1)} % of ${valid} mutants caught, ${survivors.length} equivalent` +
      ` (${missing.length} not explained): ${ok ? 'MEETS' : 'FAILS'}`,
    ...missing.map(
      (mutant) =>
        `  line ${mutant.line} survives; if it is equivalent, explain it in a test as\n` +
        `  // Equivalent mutant: ${mutant.mutatorName} \`${fold(mutant.replacement)}\` in \`${fold(mutant.lineText)}\`: <why>`,
    ),
  ];
  return { ok, lines };
}
