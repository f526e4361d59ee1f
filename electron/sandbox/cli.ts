/**
 * `npm run sandbox`: the sandbox on its own, with the wall clock, for trying the app or the
 * API by hand. Args: --port N, --expiry-seconds N, --time-zone Zone, --month-first, --control
 * (serve the test controls at /__control/*; off unless asked, as in the app's demo mode),
 * --round-trip-ms N (a far-away service: latency-relay.ts), --tls-cert FILE --tls-key FILE
 * (serve https with that certificate, PEM).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { systemClock } from '../../shared/clock';
import { startSandbox, type SandboxOptions } from './sandbox-server';

function wholeNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw new Error(`--${name} must be a whole number, got "${text}"`);
  return Number(text);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'expiry-seconds': { type: 'string' },
      'time-zone': { type: 'string' },
      'month-first': { type: 'boolean', default: false },
      control: { type: 'boolean', default: false },
      'round-trip-ms': { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(
      'Usage: npm run sandbox -- [--port N] [--expiry-seconds N] [--time-zone Zone] [--month-first] [--control] [--round-trip-ms N] [--tls-cert FILE --tls-key FILE]\n',
    );
    return;
  }
  const options: SandboxOptions = { clock: systemClock };
  const port = wholeNumber('port', values.port);
  if (port !== undefined) options.port = port;
  const expirySeconds = wholeNumber('expiry-seconds', values['expiry-seconds']);
  if (expirySeconds !== undefined) options.expirySeconds = expirySeconds;
  if (values['time-zone'] !== undefined) options.timeZone = values['time-zone'];
  if (values['month-first']) options.expireAtOrder = 'month-first';
  if (values.control) options.controlEndpoint = true;
  const roundTripMs = wholeNumber('round-trip-ms', values['round-trip-ms']);
  if (roundTripMs !== undefined) options.roundTripMs = roundTripMs;
  const certFile = values['tls-cert'];
  const keyFile = values['tls-key'];
  if ((certFile === undefined) !== (keyFile === undefined))
    throw new Error('--tls-cert and --tls-key go together');
  if (certFile !== undefined && keyFile !== undefined)
    options.tls = { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };

  const sandbox = await startSandbox(options);
  process.stdout.write(
    `Payment service sandbox listening.\n` +
      `  Base URL: ${sandbox.baseUrl}\n` +
      `  Token:    ${sandbox.token}\n` +
      (values.control
        ? `  Control:  ${sandbox.origin}/__control/faults (test controls ON: anything on this machine can inject faults)\n`
        : `  Control:  off (add --control to serve ${sandbox.origin}/__control/*)\n`) +
      `Press Ctrl+C to stop.\n`,
  );
  const stop = (signal: string) => {
    process.stdout.write(`\n${signal}: stopping the sandbox.\n`);
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Sandbox failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
