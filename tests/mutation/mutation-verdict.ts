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
        location: { start: { line: number } };
      }[];
    }
  >;
  testFiles?: Record<string, { source?: string }>;
}

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
  const mutants = report.files[source]?.mutants ?? [];
  const detected = mutants.filter((mutant) => DETECTED.has(mutant.status)).length;
  const survivors: SurvivingMutant[] = mutants
    .filter((mutant) => UNDETECTED.has(mutant.status))
    .map((mutant) => ({
      mutatorName: mutant.mutatorName,
      replacement: mutant.replacement ?? '',
      line: mutant.location.start.line,
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
        `  line ${mutant.line}: ${mutant.mutatorName} \`${mutant.replacement.replace(/\s+/g, ' ')}\` survives`,
    ),
  ];
  return { ok, lines };
}
