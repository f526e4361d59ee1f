/**
 * A mutant that survives must be one no test could catch: the same behaviour written another
 * way. Each is listed in the critical file's test, one line each, as
 *
 *   // Equivalent mutant: <MutatorName> `<replacement as Stryker prints it>`: <why no test can tell>
 *
 * keyed by what the mutant writes, not by its line, so moving code does not stale the list.
 */
export interface EquivalentMutant {
  mutatorName: string;
  replacement: string;
  why: string;
}

const LINE = /^\s*\/\/ Equivalent mutant: (\w+) `(.+)`: (.+)$/;

/** Folds white space, so a replacement reads the same on one line as Stryker prints it over several. */
function foldSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function equivalentMutantsIn(testSource: string): EquivalentMutant[] {
  return testSource.split('\n').flatMap((line) => {
    const match = LINE.exec(line);
    return match
      ? [{ mutatorName: match[1]!, replacement: foldSpace(match[2]!), why: match[3]!.trim() }]
      : [];
  });
}

export interface SurvivingMutant {
  mutatorName: string;
  replacement: string;
  line: number;
}

/** The survivors no line explains. */
export function unexplained(
  survivors: readonly SurvivingMutant[],
  explained: readonly EquivalentMutant[],
): SurvivingMutant[] {
  return survivors.filter(
    (mutant) =>
      !explained.some(
        (entry) =>
          entry.mutatorName === mutant.mutatorName &&
          entry.replacement === foldSpace(mutant.replacement),
      ),
  );
}
