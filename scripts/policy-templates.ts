import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generatedFiles } from './policy-templates/generated-files';

/**
 * npm run policy-templates: writes every file generated from the settings declarations
 * (shared/settings/): resources/managed/policy.schema.json, counter.admx, en-US/counter.adml,
 * counter.mobileconfig and README.md's managed-settings table.
 *
 *   --check       write nothing; exit 1 naming each stale file (npm test runs this, so CI
 *                 fails when a setting changed and its files were not regenerated)
 *   --root <dir>  the repository to read and write (default: this one; tests use a copy)
 */

const usage = 'usage: node --import tsx scripts/policy-templates.ts [--check] [--root <dir>]';

function optionsFrom(args: string[]): { check: boolean; root: string } {
  const { values } = parseArgs({
    args,
    options: { check: { type: 'boolean', default: false }, root: { type: 'string' } },
    strict: true,
  });
  return { check: values.check, root: resolve(values.root ?? join(import.meta.dirname, '..')) };
}

async function currentText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

async function main(args: string[]): Promise<number> {
  let options: { check: boolean; root: string };
  try {
    options = optionsFrom(args);
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }

  /** Files whose text differs from the generated one (written unless --check). */
  const stale: string[] = [];
  /** Files that cannot be generated, with the reason. */
  const problems: string[] = [];
  for (const file of await generatedFiles(options.root)) {
    if ('problem' in file) {
      problems.push(`${file.path}: ${file.problem}`);
      continue;
    }
    const target = join(options.root, file.path);
    const current = await currentText(target);
    if (current === file.text) continue;
    stale.push(`${file.path}${current === undefined ? ' (missing)' : ''}`);
    if (options.check) continue;
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.text);
  }

  for (const problem of problems) console.error(`policy-templates: ${problem}`);
  if (options.check) {
    if (stale.length === 0 && problems.length === 0) {
      console.log('policy-templates: every generated file is up to date.');
      return 0;
    }
    if (stale.length > 0) {
      console.error(
        `policy-templates: these files are not what the settings declarations generate:\n${stale
          .map((path) => `  ${path}`)
          .join('\n')}\nRun \`npm run policy-templates\` and commit the result.`,
      );
    }
    return 1;
  }
  console.log(
    stale.length === 0
      ? 'policy-templates: nothing to write, every generated file is up to date.'
      : `policy-templates: wrote ${stale.join(', ')}.`,
  );
  return problems.length === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // An unreadable sample policy, a root that does not exist: say what, without a stack.
    console.error(`policy-templates: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
