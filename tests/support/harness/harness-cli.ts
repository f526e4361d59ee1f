// `npm run harness`: the app's pages in any browser, without Electron. Builds nothing itself
// (the npm script runs the build first); starts the real services and prints the two page
// URLs. Ctrl+C stops it.
//
// By default the services run in demo mode against the built-in sandbox, which, as in the
// app, serves no test controls. `--sandbox-control` instead starts a sandbox with its
// /__control/* endpoint on and configures it as the till's payment service (a loopback
// service URL and its token), so faults can be injected with curl while trying the pages.
import { parseArgs } from 'node:util';
import { systemClock } from '../../../shared/clock';
import { createJsonLinesLogger } from '../../../electron/logging/logger';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox-server';
import { createMemorySecretStore } from '../../../electron/settings/secret-store';
import { startHarness, type HarnessOptions } from './harness';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5199' },
    'sandbox-control': { type: 'boolean', default: false },
  },
  strict: true,
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  throw new Error(`--port must be a port number, got "${values.port}"`);

let controlled: RunningSandbox | undefined;
const options: HarnessOptions = {
  port,
  logger: createJsonLinesLogger({
    scope: 'harness',
    write: (line) => process.stderr.write(`${line}\n`),
  }),
};
if (values['sandbox-control']) {
  controlled = await startSandbox({ clock: systemClock, controlEndpoint: true });
  options.settings = { serviceBaseUrl: controlled.baseUrl, serialNumber: 'HARNESS-1' };
  options.secrets = createMemorySecretStore({ token: controlled.token, origin: controlled.origin });
}
const harness = await startHarness(options);
console.log(`Cashier window:   ${harness.cashierUrl}`);
console.log(`Customer display: ${harness.displayUrl}`);
if (controlled) {
  console.log(`Payment service: a sandbox at ${controlled.baseUrl}, configured as the service.`);
  console.log(`Sandbox test controls ON: ${controlled.origin}/__control/faults (loopback only).`);
} else {
  console.log('Demo mode: the built-in sandbox is the payment service (no test controls).');
  console.log('Add --sandbox-control for a sandbox whose /__control/* endpoint is on.');
}
console.log('Press Ctrl+C to stop.');

const stop = () =>
  void harness
    .close()
    .then(() => controlled?.close())
    .then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
