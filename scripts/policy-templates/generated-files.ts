import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { managedPolicyJsonSchema } from '../../shared/managed-policy';
import { admlTemplate } from './adml';
import { admxTemplate } from './admx';
import { mobileconfigTemplate, type SamplePolicy } from './mobileconfig';
import { formatLike } from './prettier-format';
import { readmeWithTable } from './readme-table';

/**
 * One file the settings declarations generate, as it must read; or why it cannot be made
 * (README.md without its markers), so the other files are still checked and written.
 */
export type GeneratedFile = {
  /** Relative to the root, with forward slashes (as git and README.md name it). */
  path: string;
} & ({ text: string } | { problem: string });

/**
 * Every file generated from the settings declarations (shared/settings/), for the
 * repository at `root`. Reads the two inputs that are written by hand: the sample policy
 * the .mobileconfig is made from, and README.md around its table.
 */
export async function generatedFiles(root: string): Promise<GeneratedFile[]> {
  const sample = JSON.parse(
    await readFile(join(root, 'resources/managed/policy.sample.json'), 'utf8'),
  ) as SamplePolicy;
  const schemaPath = 'resources/managed/policy.schema.json';
  return [
    {
      path: schemaPath,
      text: await formatLike(schemaPath, JSON.stringify(managedPolicyJsonSchema(), null, 2)),
    },
    { path: 'resources/managed/counter.admx', text: admxTemplate() },
    { path: 'resources/managed/en-US/counter.adml', text: admlTemplate() },
    { path: 'resources/managed/counter.mobileconfig', text: mobileconfigTemplate(sample) },
    await readmeFile(root),
  ];
}

async function readmeFile(root: string): Promise<GeneratedFile> {
  const path = 'README.md';
  try {
    return { path, text: await readmeWithTable(await readFile(join(root, path), 'utf8')) };
  } catch (error) {
    return { path, problem: (error as Error).message };
  }
}
