import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_TOKEN, startSandbox } from '../../../electron/sandbox/sandbox-server';
import { ManualClock } from '../../support/manual-clock';
import { getJson, postJson, qrBody } from './sandbox-http';

describe('start and close', () => {
  it('listens on 127.0.0.1 with a free port and the documented base URL', async () => {
    const sandbox = await startSandbox();
    try {
      expect(sandbox.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sandbox.baseUrl).toBe(`${sandbox.origin}/v1/cf-payment`);
    } finally {
      await sandbox.close();
    }
  });

  it('runs several sandboxes side by side, each with its own orders', async () => {
    const [a, b] = await Promise.all([startSandbox(), startSandbox()]);
    try {
      expect(a.origin).not.toBe(b.origin);
      await postJson(a, '/generate_qr', qrBody({ order_id: 'same-id' }));
      expect((await postJson(b, '/generate_qr', qrBody({ order_id: 'same-id' }))).status).toBe(200);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('frees the port on close, even with an idle keep-alive connection open', async () => {
    const sandbox = await startSandbox();
    const port = Number(new URL(sandbox.origin).port);
    const idle = createConnection({ host: '127.0.0.1', port });
    await new Promise((resolve) => idle.once('connect', resolve));
    expect((await getJson(sandbox, '/chain')).status).toBe(200);
    await sandbox.close();
    await sandbox.close(); // idempotent
    const again = await startSandbox({ port });
    await again.close();
    idle.destroy();
  });

  it('waitForRequests resolves for requests already received and rejects when closed', async () => {
    const sandbox = await startSandbox({ clock: new ManualClock() });
    await getJson(sandbox, '/chain');
    await sandbox.waitForRequests('chain', 1);
    const never = sandbox.waitForRequests('generate_nfc', 1);
    await sandbox.close();
    await expect(never).rejects.toThrow(/closed/);
  });

  it('keeps only maxRecordedRequests records but counts every request', async () => {
    const sandbox = await startSandbox({ maxRecordedRequests: 3 });
    try {
      for (let i = 0; i < 10; i += 1) await getJson(sandbox, `/asset?chain_id=${i === 9 ? 56 : 1}`);
      const records = sandbox.requests();
      expect(records).toHaveLength(3);
      expect(records.at(-1)?.url).toBe('/v1/cf-payment/asset?chain_id=56');
      await sandbox.waitForRequests('asset', 10);
    } finally {
      await sandbox.close();
    }
  });
});

describe('npm run sandbox (cli.ts)', () => {
  it('prints the base URL and token, serves with the options given, and stops on SIGTERM', async () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'electron/sandbox/cli.ts',
        '--port',
        '0',
        '--expiry-seconds',
        '60',
        '--time-zone',
        'Asia/Tokyo',
        '--month-first',
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let output = '';
      const baseUrl = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Base URL: (\S+)/.exec(output);
          if (match && output.includes('Token:')) resolve(match[1] as string);
        });
        child.once('exit', (code) => reject(new Error(`cli exited ${code}: ${output}`)));
      });
      expect(output).toContain(`Token:    ${SANDBOX_DEMO_TOKEN}`);
      const response = await fetch(`${baseUrl}/generate_qr`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${SANDBOX_DEMO_TOKEN}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(qrBody()),
      });
      const { data } = (await response.json()) as { data: { expire_at: string } };
      // Wall clock: check the shape, month first (MM/DD), not the value.
      expect(data.expire_at).toMatch(
        /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4} \d{2}:\d{2}:\d{2}$/,
      );
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('refuses a bad argument with a message and exit code 1', async () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'electron/sandbox/cli.ts', '--time-zone', 'Moon/Base'],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(errors).toMatch(/IANA time zone/);
  });
});
