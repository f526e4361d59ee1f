import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The files made from the settings declarations (shared/settings/) are checked by running
// the generator itself, as `npm test` does: what CI runs is what is tested.
const root = resolve(import.meta.dirname, '../../..');
const script = join(root, 'scripts/policy-templates.ts');

/** The generated files, and the two hand-written inputs they are made from. */
const generated = [
  'resources/managed/policy.schema.json',
  'resources/managed/counter.admx',
  'resources/managed/en-US/counter.adml',
  'resources/managed/counter.mobileconfig',
  'README.md',
];
const inputs = ['resources/managed/policy.sample.json'];

async function policyTemplates(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: root, encoding: 'utf8' },
    );
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('npm run policy-templates', () => {
  it('--check: every generated file in the repository is up to date', async () => {
    const result = await policyTemplates('--check');
    expect(result.output).toContain('up to date');
    expect(result.code).toBe(0);
  }, 60_000);

  describe('on a copy with generated files broken on purpose', () => {
    let copy: string;
    beforeAll(async () => {
      copy = await mkdtemp(join(tmpdir(), 'policy-templates-'));
      for (const file of [...generated, ...inputs]) await cp(join(root, file), join(copy, file));
    });
    afterAll(async () => {
      await rm(copy, { recursive: true, force: true });
    });

    it('--check exits 1 naming each stale file, and writing them makes it pass', async () => {
      const admx = join(copy, 'resources/managed/counter.admx');
      const text = await readFile(admx, 'utf8');
      // One policy gone from the ADMX: Group Policy would no longer offer locking shopName.
      const withoutShopName = text.replace(/ {4}<policy name="shopName"[\s\S]*?<\/policy>\n/, '');
      expect(withoutShopName).not.toBe(text);
      await writeFile(admx, withoutShopName);
      const readme = join(copy, 'README.md');
      const readmeText = await readFile(readme, 'utf8');
      // A row of README.md's table edited by hand instead of in the declaration.
      const edited = readmeText.replace(
        'Shop name shown on the customer display',
        'The name of the shop',
      );
      expect(edited).not.toBe(readmeText);
      await writeFile(readme, edited);

      const stale = await policyTemplates('--root', copy, '--check');
      expect(stale.code).toBe(1);
      expect(stale.output).toContain('resources/managed/counter.admx');
      expect(stale.output).toContain('README.md');
      expect(stale.output).toContain('npm run policy-templates');
      for (const fine of generated.slice(0, 4).filter((file) => !file.endsWith('.admx'))) {
        expect(stale.output).not.toContain(fine);
      }
      // --check wrote nothing.
      expect(await readFile(admx, 'utf8')).toBe(withoutShopName);

      const written = await policyTemplates('--root', copy);
      expect(written.code).toBe(0);
      expect(written.output).toContain('resources/managed/counter.admx');
      expect(await policyTemplates('--root', copy, '--check')).toMatchObject({ code: 0 });
      for (const file of generated) {
        expect(await readFile(join(copy, file), 'utf8')).toBe(
          await readFile(join(root, file), 'utf8'),
        );
      }
    }, 60_000);

    it('a README.md without the table markers is named, not silently skipped', async () => {
      const readme = join(copy, 'README.md');
      const text = await readFile(readme, 'utf8');
      await writeFile(readme, text.replace(/<!-- managed-settings:end -->/, ''));
      const result = await policyTemplates('--root', copy, '--check');
      expect(result.code).toBe(1);
      expect(result.output).toMatch(/README\.md: no managed-settings table markers/);
      await writeFile(readme, text);
    }, 60_000);
  });
});
