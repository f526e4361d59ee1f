// `npm run harness`: the app's pages in any browser, without Electron. Builds nothing itself
// (the npm script runs the build first); starts the real services in demo mode against the
// built-in sandbox and prints the two page URLs. Ctrl+C stops it.
import { createJsonLinesLogger } from '../../../electron/logging/logger';
import { startHarness } from './harness';

const portArg = process.argv.indexOf('--port');
const port = portArg >= 0 ? Number(process.argv[portArg + 1]) : 5199;
const harness = await startHarness({
  port,
  logger: createJsonLinesLogger({
    scope: 'harness',
    write: (line) => process.stderr.write(`${line}\n`),
  }),
});
console.log(`Cashier window:   ${harness.cashierUrl}`);
console.log(`Customer display: ${harness.displayUrl}`);
console.log('Demo mode: the built-in sandbox is the payment service. Press Ctrl+C to stop.');

const stop = () => void harness.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
