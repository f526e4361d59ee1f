// The catalogue bench's app side, in its own Node process as main runs in the app (see
// cashier-host.ts): the harness in demo mode with the built-in sandbox offering 10 000 extra
// chains, each with its own logo. argv: the data folder (the journal, kept: a second host on
// the same folder is the app after a restart) and 'hang' to start with a service that accepts
// and never answers the chain and asset lists.
// Prints one JSON line (page URL, sandbox origin and token); then on stdin 'reset' starts main's
// event-loop delay histogram afresh (a cashier page starting to load does too) and 'read'
// prints its max in ms, main's time for the last listChains call, and how long the chain list
// main loads as the cashier page loads took. Stops when stdin closes.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startHarness } from '../support/harness/harness';

const [dataDir, mode] = process.argv.slice(2);
const harness = await startHarness({
  rendererDir: join(process.cwd(), 'out/renderer'),
  ...(dataDir ? { dataDir } : {}),
});
const sandbox = harness.services.connection.demoSandbox();
if (!sandbox) {
  console.error('the harness did not start in demo mode');
  process.exit(1);
}
sandbox.configure({ extraChains: 10_000 });
// The sandbox renders its 10 000-chain reply once, here: it stands for a remote service, whose
// own work is not main's.
await fetch(`${sandbox.baseUrl}/chain`, {
  headers: { authorization: `Bearer ${sandbox.token}` },
}).then((response) => response.arrayBuffer());
if (mode === 'hang')
  sandbox.setFaults([
    { endpoint: 'chain', hang: true },
    { endpoint: 'asset', hang: true },
  ]);
const delay = monitorEventLoopDelay({ resolution: 2 });
delay.enable();
// Main's loop is watched from the moment the cashier page starts loading (main then starts
// loading the chain list for it: AppServices.cashierPageLoading), through the page's own
// listChains call, until the bench reads it; main's own time for that call and for the list
// loaded ahead are noted.
let listMainMs = 0;
let aheadMs = 0;
const services = harness.services;
const pageLoading = services.cashierPageLoading.bind(services);
services.cashierPageLoading = async () => {
  delay.reset();
  const start = performance.now();
  await pageLoading();
  aheadMs = performance.now() - start;
};
const handlers = services.handlers as {
  listChains: (args: Record<string, never>) => Promise<unknown>;
};
const listChains = handlers.listChains;
handlers.listChains = async (args) => {
  const start = performance.now();
  const chains = await listChains(args);
  listMainMs = performance.now() - start;
  return chains;
};
console.log(
  JSON.stringify({
    cashierUrl: harness.cashierUrl,
    sandboxOrigin: sandbox.origin,
    sandboxToken: sandbox.token,
  }),
);
const commands = createInterface({ input: process.stdin });
commands.on('line', (line) => {
  if (line === 'reset') {
    delay.reset();
    console.log(JSON.stringify({ reset: true }));
  } else if (line === 'read') {
    console.log(JSON.stringify({ maxMs: delay.max / 1e6, listMainMs, aheadMs }));
  }
});
commands.once('close', () => void harness.close().then(() => process.exit(0)));
