// The start-up bench's app side: the harness in demo mode, as cashier-host.ts, but telling
// the page addresses as soon as the pages are served, before the services are up, as the app
// opens its windows while its services start (the pages' calls wait for them). Prints a first
// JSON line with the page URLs, a second `{"servicesUp":true}` once the services are up; stops
// when its stdin closes. STARTUP_DATA_DIR names the till's data folder (its journal), kept.
import { join } from 'node:path';
import { startHarness } from '../support/harness/harness';

const harness = await startHarness({
  rendererDir: join(process.cwd(), 'out/renderer'),
  settings: { amountEntry: 'money' },
  ...(process.env.STARTUP_DATA_DIR ? { dataDir: process.env.STARTUP_DATA_DIR } : {}),
  onPagesServed: (pages) => console.log(JSON.stringify(pages)),
});
console.log(JSON.stringify({ servicesUp: true }));
process.stdin.resume();
process.stdin.once('end', () => void harness.close().then(() => process.exit(0)));
