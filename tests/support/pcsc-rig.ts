/**
 * Debian's pcscd, started and stopped by the tests themselves (no systemd here): foreground
 * (`-f`) as our child, never auto-exiting, with the vpcd virtual readers from
 * /etc/reader.conf.d (or none). Ready means libpcsclite can establish a context with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Context } from 'smartcard';

const PCSCD_PID_FILE = '/run/pcscd/pcscd.pid';
const PCSCD_BINARY = '/usr/sbin/pcscd';

export interface PcscRigOptions {
  /** false: start pcscd with an empty reader configuration (no reader at all). */
  readers?: boolean;
  readyTimeoutMs?: number;
}

export class PcscRig {
  private child: ChildProcess | null = null;
  private output = '';
  private paused = false;

  constructor(private readonly options: PcscRigOptions = {}) {}

  /** Fails plainly when the Debian packages are missing (.ci/run installs them). */
  static assertInstalled(): void {
    if (!existsSync(PCSCD_BINARY) || !existsSync('/usr/lib/pcsc/drivers/serial/libifdvpcd.so')) {
      throw new Error(
        'pcscd and vsmartcard-vpcd are needed: apt-get install pcscd libpcsclite-dev vsmartcard-vpcd',
      );
    }
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  logText(): string {
    return this.output;
  }

  async start(): Promise<void> {
    if (this.running) return;
    await killStrayPcscd();
    const args = ['-f'];
    if (this.options.readers === false)
      args.push('-c', mkdtempSync(path.join(tmpdir(), 'no-readers-')));
    const child = spawn(PCSCD_BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    await this.waitReady();
  }

  /** SIGTERM: pcscd removes its socket and pid file on the way out. */
  async stop(): Promise<void> {
    await this.end('SIGTERM');
  }

  /**
   * SIGSTOP: a hung pcscd. It stays alive with its socket open, so every PC/SC call of its
   * clients waits for an answer that does not come, and none of them fails.
   */
  pause(): void {
    if (this.running && !this.paused) this.child?.kill('SIGSTOP');
    this.paused = this.running;
  }

  /** SIGCONT: the hung pcscd answers again, the calls that waited first. */
  resume(): void {
    if (this.paused) this.child?.kill('SIGCONT');
    this.paused = false;
  }

  /** SIGKILL: a crash; the socket file and pid file stay behind, stale. */
  async kill(): Promise<void> {
    await this.end('SIGKILL');
  }

  private async end(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // A stopped process keeps a SIGTERM pending until it runs again.
    this.resume();
    child.kill(signal);
    await exited;
    this.child = null;
  }

  private async waitReady(): Promise<void> {
    const deadline = Date.now() + (this.options.readyTimeoutMs ?? 10_000);
    while (!acceptsContext()) {
      if (!this.running) throw new Error(`pcscd exited at start: ${this.output}`);
      if (Date.now() > deadline) throw new Error(`pcscd not ready in time: ${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** Answers at once either way: libpcsclite fails fast on an absent or stale socket. */
function acceptsContext(): boolean {
  try {
    new Context().close();
    return true;
  } catch {
    return false;
  }
}

/** A pcscd left by an earlier run (ours or a crashed test) would own the vpcd ports. */
export async function killStrayPcscd(): Promise<void> {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(PCSCD_PID_FILE, 'utf8').trim(), 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 1 || !isPcscd(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 5000;
  while (isPcscd(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function isPcscd(pid: number): boolean {
  try {
    // A zombie (exited, not yet reaped) still has its name: it counts as gone.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.includes('(pcscd)') && !/\) Z /.test(stat);
  } catch {
    return false;
  }
}
