// The cashier bench's app side, in its own Node process: the harness (the app's services in
// demo mode, with the built-in sandbox) and nothing else. Kept apart from the bench driver so
// Playwright's own work (it hears every network event of every page) does not share an event
// loop with the services being measured, as it would not in the app, where main runs alone.
// The bench runs it as one esbuild bundle under plain node, as the app runs main (bundled by
// electron-vite, packages external): no tsx loader thread beside it.
// Prints one JSON line with the page URLs and the sandbox's origin and token; stops when its
// stdin closes (the bench ended or died).
import { join } from 'node:path';
import { startHarness } from '../support/harness/harness';

// The bundle lives outside tests/, so the built pages are found from the repository root.
// The till prices in money, as a shop does: the conversion (rate lookup, exact arithmetic,
// the recorded pricing) is in the measured path.
const harness = await startHarness({
  rendererDir: join(process.cwd(), 'out/renderer'),
  settings: { amountEntry: 'money' },
});
const sandbox = harness.services.connection.demoSandbox();
if (!sandbox) {
  console.error('the harness did not start in demo mode');
  process.exit(1);
}
console.log(
  JSON.stringify({
    cashierUrl: harness.cashierUrl,
    displayUrl: harness.displayUrl,
    sandboxOrigin: sandbox.origin,
    sandboxToken: sandbox.token,
  }),
);
process.stdin.resume();
process.stdin.once('end', () => void harness.close().then(() => process.exit(0)));
