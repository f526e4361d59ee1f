// The app side of the browser benchmarks (cashier-host.ts: the harness and its demo sandbox)
// in its own Node process, bundled first as the app bundles main, run by plain node (no tsx
// loader thread beside it).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
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
 * Bundles a host of tests/bench (cashier-host.ts unless told) into out/bench/<host>/, as
 * electron-vite bundles main: every library in, but the package.json `dependencies` (the
 * native addon and the updater, shipped beside main); dynamic imports split into chunks of
 * their own, loaded when asked for. Answers the entry's path.
 */
export async function bundleHost(host = 'cashier-host'): Promise<string> {
  const outdir = join(repoRoot, 'out/bench', host);
  await build({
    entryPoints: [join(import.meta.dirname, `${host}.ts`)],
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(
      (
        JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
          dependencies: Record<string, string>;
        }
      ).dependencies,
    ),
    // Libraries written for CommonJS (qrcode) require Node's modules at run time.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
  return join(outdir, `${host}.mjs`);
}

/**
 * Starts a bundled host and waits for its first line (cashier-host.ts: the services are up).
 * `spawnedAtMs` is the epoch time just before the process was asked for, the pages' clock's
 * base; `nextLine` waits for the host's next line.
 */
export async function spawnHost<Info = HostInfo>(
  bundle: string,
  options: {
    env?: Record<string, string>;
    /** Given to the host after its bundle (its own argv). */
    args?: readonly string[];
    /** Given to node before the bundle (e.g. --cpu-prof). */
    nodeArgs?: readonly string[];
  } = {},
): Promise<{
  info: Info;
  child: ChildProcess;
  spawnedAtMs: number;
  nextLine(): Promise<string>;
}> {
  const spawnedAtMs = performance.timeOrigin + performance.now();
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), bundle, ...(options.args ?? [])],
    {
      cwd: repoRoot,
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const next = await lines.next();
    if (next.done) throw new Error('the bench host stopped before its next line');
    return next.value;
  };
  return { info: JSON.parse(await nextLine()) as Info, child, spawnedAtMs, nextLine };
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
