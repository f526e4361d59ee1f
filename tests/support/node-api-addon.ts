import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Whether a native addon is a Node-API one: it exports `napi_register_module_v1`, the entry
 * point Node and Electron call for Node-API modules whatever their ABI. A NAN or plain V8
 * addon registers itself instead and must be rebuilt for each Electron: it has no such symbol.
 */

export const NODE_API_ENTRY = 'napi_register_module_v1';

export interface AddonCheck {
  file: string;
  nodeApi: boolean;
  /** How it was decided: `nm` on the dynamic symbol table, or the file's bytes. */
  by: 'nm -D' | 'nm -gU' | 'bytes';
}

/** The dynamic symbol table where binutils/cctools can read it; the bytes elsewhere (PE). */
export function checkAddon(file: string): AddonCheck {
  const nmArgs =
    process.platform === 'linux'
      ? ['-D', '--defined-only']
      : process.platform === 'darwin'
        ? ['-gU']
        : undefined;
  if (nmArgs) {
    const run = spawnSync('nm', [...nmArgs, file], { encoding: 'utf8' });
    if (run.status === 0) {
      const symbols = run.stdout.split('\n').map((line) => line.trim().split(/\s+/).pop());
      // Mach-O symbol names carry a leading underscore.
      const nodeApi = symbols.some(
        (name) => name === NODE_API_ENTRY || name === `_${NODE_API_ENTRY}`,
      );
      return { file, nodeApi, by: process.platform === 'linux' ? 'nm -D' : 'nm -gU' };
    }
  }
  return { file, nodeApi: readFileSync(file).includes(NODE_API_ENTRY), by: 'bytes' };
}

/** Every `.node` file under `dir`, recursively. */
export function findAddons(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.node'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
