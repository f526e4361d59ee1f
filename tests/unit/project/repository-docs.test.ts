import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository explains itself: whoever clones it finds every document a file points to
// inside it (docs/ and the folder READMEs), and no comment sends them to a tracker they may
// not have ("issue N").
const root = resolve(import.meta.dirname, '../../..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && file !== 'package-lock.json' && existsSync(join(root, file)))
  // StrykerJS's results hold copies of the sources they tested, written by the tool, not read.
  .filter((file) => !file.startsWith('tests/mutation/results/'))
  .filter((file) => /\.(ts|tsx|js|mjs|cjs|json|md|yml|yaml|sh|css|html)$/.test(file));

const textOf = (file: string) => readFileSync(join(root, file), 'utf8');

/** Each line of each file matching `pattern`, as `file:line: text`. */
function linesMatching(pattern: RegExp, keep: (file: string) => boolean = () => true): string[] {
  const found: string[] = [];
  for (const file of files.filter(keep)) {
    textOf(file)
      .split('\n')
      .forEach((line, index) => {
        if (pattern.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
  }
  return found;
}

const thisFile = relative(root, import.meta.filename);

describe('documents referred to live in the repository', () => {
  it('no file names the team documents outside the repository', () => {
    // Built from parts so this file does not match itself.
    const outside = new RegExp(
      ['NOTES', 'ARCHITECTURE'].map((name) => `\\b${name}\\b`).join('|') +
        `|payment-service-api|\\.\\./shared/(spec|${'ARCHITECTURE'})`,
    );
    expect(linesMatching(outside, (file) => file !== thisFile)).toEqual([]);
  });

  it('every relative path in an import or a comment stays inside the repository', () => {
    const escaping: string[] = [];
    for (const file of files) {
      const text = textOf(file);
      for (const match of text.matchAll(/(?:\.\.\/)+[\w@.-]+/g)) {
        const target = resolve(root, dirname(file), match[0]);
        if (relative(root, target).startsWith('..')) escaping.push(`${file}: ${match[0]}`);
      }
    }
    expect(escaping).toEqual([]);
  });

  it('no comment or document cites an issue number', () => {
    const citation = new RegExp(`\\b${'issue'}s? #?\\d+`, 'i');
    expect(linesMatching(citation, (file) => file !== thisFile)).toEqual([]);
  });

  it('relative links in markdown point to files that exist', () => {
    const broken: string[] = [];
    for (const file of files.filter((name) => name.endsWith('.md'))) {
      for (const match of textOf(file).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        const target = match[1]!;
        if (/^[a-z]+:/.test(target)) continue;
        if (!existsSync(resolve(root, dirname(file), target))) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('every folder says what lives in it', () => {
  const folders = [
    'docs',
    'electron',
    'renderer',
    'shared',
    'tests',
    'resources',
    ...files
      .filter((file) => file.startsWith('electron/'))
      .map((file) => file.split('/').slice(0, 2).join('/'))
      .filter((folder) => statSync(join(root, folder)).isDirectory()),
  ];

  it.each([...new Set(folders)])('%s has a README', (folder) => {
    expect(existsSync(join(root, folder, 'README.md'))).toBe(true);
  });

  it('the architecture and the service reading are in docs/', () => {
    for (const doc of ['docs/architecture.md', 'docs/payment-service.md']) {
      expect(textOf(doc).length).toBeGreaterThan(2000);
    }
  });
});
