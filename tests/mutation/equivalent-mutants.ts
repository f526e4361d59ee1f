/**
 * A mutant that survives must be one no test could catch: the same behaviour written another
 * way. Each is listed in the critical file's test, one line each, as
 *
 *   // Equivalent mutant: <MutatorName> `<replacement>` in `<the source line it changes>`: <why>
 *
 * keyed by what the mutant writes and the line it writes it in (as text, not a line number, so
 * moving code does not stale the list, and one entry never covers the same replacement
 * elsewhere in the file).
 */
export interface EquivalentMutant {
  mutatorName: string;
  replacement: string;
  /** The trimmed text of the source line the mutant starts on. */
  inLine: string;
  why: string;
}

const LINE = /^\s*\/\/ Equivalent mutant: (\w+) `(.+?)` in `(.+)`: (.+)$/;

/** Folds white space, so a replacement reads the same on one line as Stryker prints it over several. */
function foldSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function equivalentMutantsIn(testSource: string): EquivalentMutant[] {
  return testSource.split('\n').flatMap((line) => {
    const match = LINE.exec(line);
    return match
      ? [
          {
            mutatorName: match[1]!,
            replacement: foldSpace(match[2]!),
            inLine: foldSpace(match[3]!),
            why: match[4]!.trim(),
          },
        ]
      : [];
  });
}

export interface SurvivingMutant {
  mutatorName: string;
  replacement: string;
  line: number;
  /** The text of the source line the mutant starts on. */
  lineText: string;
}

function explains(entry: EquivalentMutant, mutant: SurvivingMutant): boolean {
  return (
    entry.mutatorName === mutant.mutatorName &&
    entry.replacement === foldSpace(mutant.replacement) &&
    entry.inLine === foldSpace(mutant.lineText)
  );
}

/** The survivors no line explains. */
export function unexplained(
  survivors: readonly SurvivingMutant[],
  explained: readonly EquivalentMutant[],
): SurvivingMutant[] {
  return survivors.filter((mutant) => !explained.some((entry) => explains(entry, mutant)));
}

/** True when the explanation fits no survivor: the mutant it was written for is caught now. */
export function explainsNone(
  entry: EquivalentMutant,
  survivors: readonly SurvivingMutant[],
): boolean {
  return !survivors.some((mutant) => explains(entry, mutant));
}
