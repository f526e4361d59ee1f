import { describe, expect, it } from 'vitest';
import { judge, type MutationReport } from '../../mutation/mutation-verdict';

type Status = 'Killed' | 'Timeout' | 'Survived' | 'NoCoverage' | 'CompileError' | 'Ignored';

function reportOf(mutants: { status: Status; mutatorName?: string; replacement?: string }[]) {
  return {
    files: {
      'shared/x.ts': {
        source: '',
        mutants: mutants.map((mutant, index) => ({
          mutatorName: mutant.mutatorName ?? 'ConditionalExpression',
          replacement: mutant.replacement ?? `true /* ${index} */`,
          status: mutant.status,
          location: { start: { line: index + 1 } },
        })),
      },
    },
  } satisfies MutationReport;
}

const killed = (count: number) =>
  Array.from({ length: count }, () => ({ status: 'Killed' as const }));

describe('the mutation verdict of a critical file', () => {
  it('meets the floor at exactly the floor, and fails one mutant under it', () => {
    const explained = '// Equivalent mutant: Regex `/a/`: both patterns match the same texts.\n';
    const atFloor = reportOf([
      ...killed(9),
      { status: 'Survived', mutatorName: 'Regex', replacement: '/a/' },
    ]);
    expect(judge('shared/x.ts', atFloor, [explained], 90)).toMatchObject({ ok: true });
    const under = reportOf([
      ...killed(8),
      { status: 'Timeout' },
      { status: 'Survived', mutatorName: 'Regex', replacement: '/a/' },
      { status: 'NoCoverage', mutatorName: 'Regex', replacement: '/a/' },
    ]);
    const verdict = judge('shared/x.ts', under, [explained], 90);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines[0]).toBe(
      'shared/x.ts: 81.8 % of 11 mutants caught, 2 equivalent (0 not explained): FAILS',
    );
  });

  it('counts a timeout as caught and leaves out mutants that did not compile or were ignored', () => {
    const report = reportOf([
      ...killed(9),
      { status: 'Timeout' },
      { status: 'CompileError' },
      { status: 'Ignored' },
    ]);
    expect(judge('shared/x.ts', report, [], 90).lines[0]).toBe(
      'shared/x.ts: 100.0 % of 10 mutants caught, 0 equivalent (0 not explained): MEETS',
    );
  });

  it('fails a survivor no test explains, naming its line, even above the floor', () => {
    const report = reportOf([
      ...killed(98),
      { status: 'Survived', mutatorName: 'Regex', replacement: '/a/' },
      { status: 'NoCoverage', mutatorName: 'StringLiteral', replacement: '""' },
    ]);
    const explainsOnlyTheRegex = [
      '  // Equivalent mutant: Regex `/a/`: both patterns match the same texts.',
      // The same replacement under another mutator explains nothing.
      '// Equivalent mutant: Regex `""`: wrong mutator.',
      // Not the anchored form: a mention elsewhere in a line explains nothing.
      'const x = 1; // Equivalent mutant: StringLiteral `""`: not a line of its own.',
    ].join('\n');
    const verdict = judge('shared/x.ts', report, [explainsOnlyTheRegex], 90);
    expect(verdict).toEqual({
      ok: false,
      lines: [
        'shared/x.ts: 98.0 % of 100 mutants caught, 2 equivalent (1 not explained): FAILS',
        '  line 100: StringLiteral `""` survives',
      ],
    });
  });

  it('reads an explanation from any of the file tests, with white space folded', () => {
    const report = reportOf([
      ...killed(9),
      { status: 'Survived', mutatorName: 'BlockStatement', replacement: '{\n  }' },
    ]);
    const tests = [
      '// no list here',
      '// Equivalent mutant: BlockStatement `{ }`: the branch only logs.',
    ];
    expect(judge('shared/x.ts', report, tests, 90).ok).toBe(true);
  });

  it('fails a file without mutants (a mistyped path mutates nothing)', () => {
    expect(judge('shared/y.ts', reportOf(killed(3)), [], 90)).toMatchObject({ ok: false });
  });
});
