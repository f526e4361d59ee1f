import { describe, expect, it } from 'vitest';
import { judge, type MutationReport } from '../../mutation/mutation-verdict';

type Status = 'Killed' | 'Timeout' | 'Survived' | 'NoCoverage' | 'CompileError' | 'Ignored';

interface FakeMutant {
  status: Status;
  mutatorName?: string;
  replacement?: string;
  /** Where the mutant starts, 1-based; default: a line of its own. */
  line?: number;
}

/** A source whose line n reads `line n;` unless given, and its mutants. */
function reportOf(mutants: FakeMutant[], lines: Record<number, string> = {}) {
  const count = Math.max(mutants.length, ...Object.keys(lines).map(Number));
  const source = Array.from(
    { length: count },
    (_, index) => lines[index + 1] ?? `line ${index + 1};`,
  );
  return {
    files: {
      'shared/x.ts': {
        source: source.join('\n'),
        mutants: mutants.map((mutant, index) => ({
          mutatorName: mutant.mutatorName ?? 'ConditionalExpression',
          replacement: mutant.replacement ?? `true /* ${index} */`,
          status: mutant.status,
          location: { start: { line: mutant.line ?? index + 1 } },
        })),
      },
    },
  } satisfies MutationReport;
}

const killed = (count: number): FakeMutant[] =>
  Array.from({ length: count }, () => ({ status: 'Killed' }));

const survivingRegex = (line: number): FakeMutant => ({
  status: 'Survived',
  mutatorName: 'Regex',
  replacement: '/a/',
  line,
});

describe('the mutation verdict of a critical file', () => {
  const regexLine = { 10: '  const A = /^a/;' };
  const explained =
    '// Equivalent mutant: Regex `/a/` in `const A = /^a/;`: both match the same texts.';

  it('meets the floor at exactly the floor, and fails one mutant under it', () => {
    const atFloor = reportOf([...killed(9), survivingRegex(10)], regexLine);
    expect(judge('shared/x.ts', atFloor, [explained], 90)).toMatchObject({ ok: true });
    const under = reportOf(
      [
        ...killed(8),
        { status: 'Timeout' },
        survivingRegex(10),
        { ...survivingRegex(10), status: 'NoCoverage' },
      ],
      regexLine,
    );
    const verdict = judge('shared/x.ts', under, [explained], 90);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines[0]).toBe(
      'shared/x.ts: 81.8 % of 11 mutants caught, 2 equivalent (0 not explained): FAILS',
    );
  });

  it('counts a timeout as caught and leaves out mutants that did not compile', () => {
    const report = reportOf([...killed(9), { status: 'Timeout' }, { status: 'CompileError' }]);
    expect(judge('shared/x.ts', report, [], 90).lines[0]).toBe(
      'shared/x.ts: 100.0 % of 10 mutants caught, 0 equivalent (0 not explained): MEETS',
    );
  });

  it('counts a mutant a Stryker comment ignored as not caught, to be explained like a survivor', () => {
    const report = reportOf(
      [...killed(19), { ...survivingRegex(10), status: 'Ignored' }],
      regexLine,
    );
    expect(judge('shared/x.ts', report, [], 90)).toMatchObject({ ok: false });
    expect(judge('shared/x.ts', report, [], 90).lines[0]).toBe(
      'shared/x.ts: 95.0 % of 20 mutants caught, 1 equivalent (1 not explained): FAILS',
    );
    expect(judge('shared/x.ts', report, [explained], 90)).toMatchObject({ ok: true });
  });

  it('fails an explanation of one of its lines that no survivor needs any more', () => {
    const report = reportOf(killed(10), regexLine);
    // A line of another file that shares the test is that file's business.
    const elsewhere = '// Equivalent mutant: Regex `/a/` in `const B = /^b/;`: another file.';
    expect(judge('shared/x.ts', report, [elsewhere], 90)).toMatchObject({ ok: true });
    expect(judge('shared/x.ts', report, [explained], 90)).toEqual({
      ok: false,
      lines: [
        'shared/x.ts: 100.0 % of 10 mutants caught, 0 equivalent (0 not explained): FAILS',
        '  an explanation no survivor needs any more (remove it): Regex `/a/` in `const A = /^a/;`',
      ],
    });
  });

  it('fails a survivor no test explains, and says how to explain it, even above the floor', () => {
    const report = reportOf(
      [
        ...killed(98),
        survivingRegex(10),
        { status: 'NoCoverage', mutatorName: 'StringLiteral', replacement: '""', line: 20 },
      ],
      { ...regexLine, 20: "  return 'sold';" },
    );
    const explainsOnlyTheRegex = [
      `  ${explained}`,
      // The same replacement under another mutator explains nothing.
      '// Equivalent mutant: Regex `""` in `return \'sold\';`: wrong mutator.',
      // Without the line it changes, an explanation would cover that replacement anywhere.
      '// Equivalent mutant: StringLiteral `""`: no line named.',
      // The same replacement in another line explains nothing.
      '// Equivalent mutant: StringLiteral `""` in `const A = /^a/;`: wrong line.',
      // Not a line of its own: explains nothing.
      'const x = 1; // Equivalent mutant: StringLiteral `""` in `return \'sold\';`: not alone.',
    ].join('\n');
    expect(judge('shared/x.ts', report, [explainsOnlyTheRegex], 90)).toEqual({
      ok: false,
      lines: [
        'shared/x.ts: 98.0 % of 100 mutants caught, 2 equivalent (1 not explained): FAILS',
        '  line 20 survives; if it is equivalent, explain it in a test as\n' +
          '  // Equivalent mutant: StringLiteral `""` in `return \'sold\';`: <why>',
        // Entries for a line of this file that explain no survivor: left over.
        '  an explanation no survivor needs any more (remove it): Regex `""` in `return \'sold\';`',
        '  an explanation no survivor needs any more (remove it): StringLiteral `""` in `const A = /^a/;`',
      ],
    });
  });

  it('reads an explanation from any of the file tests, with white space folded', () => {
    const report = reportOf(
      [
        ...killed(9),
        { status: 'Survived', mutatorName: 'BlockStatement', replacement: '{\n  }', line: 10 },
      ],
      { 10: '  if (ready)   {' },
    );
    const tests = [
      '// no list here',
      '// Equivalent mutant: BlockStatement `{ }` in `if (ready) {`: it only logs.',
    ];
    expect(judge('shared/x.ts', report, tests, 90).ok).toBe(true);
  });

  it('fails a file without mutants (a mistyped path mutates nothing)', () => {
    expect(judge('shared/y.ts', reportOf(killed(3)), [], 90)).toMatchObject({ ok: false });
  });
});
