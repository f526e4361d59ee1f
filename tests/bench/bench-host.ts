// The app side of the browser benchmarks (cashier-host.ts: the harness and its demo sandbox)
// in its own Node process, bundled first as the app bundles main: our code in one file,
// packages from node_modules, run by plain node (no tsx loader thread beside it).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';

export interface HostInfo {
  cashierUrl: string;
  displayUrl: string;
  sandboxOrigin: string;
  sandboxToken: string;
}

const repoRoot = join(import.meta.dirname, '../..');

/**
 * Bundles a host of tests/bench (cashier-host.ts unless told) into out/bench/<host>.mjs;
 * answers the bundle's path.
 */
export async function bundleHost(host = 'cashier-host'): Promise<string> {
  const bundle = join(repoRoot, `out/bench/${host}.mjs`);
  await build({
    entryPoints: [join(import.meta.dirname, `${host}.ts`)],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  return bundle;
}

/**
 * Starts a bundled host and waits for its first line (the services are up). `spawnedAtMs`
 * is the epoch time just before the process was asked for, the pages' clock's base.
 */
export async function spawnHost(
  bundle: string,
): Promise<{ info: HostInfo; child: ChildProcess; spawnedAtMs: number }> {
  const spawnedAtMs = performance.timeOrigin + performance.now();
  const child = spawn(process.execPath, [bundle], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { info: JSON.parse(line) as HostInfo, child, spawnedAtMs };
}

export async function startHost(): Promise<{ info: HostInfo; child: ChildProcess }> {
  return spawnHost(await bundleHost());
}

export async function stopHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.stdin?.end();
  await exited;
}
