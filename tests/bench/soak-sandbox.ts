// The soak bench's payment service, in its own Node process: the sandbox keeps every order
// and request it saw (a service's state and the tests' records), which in the bench's process
// would grow the heap the soak watches for leaks of the till's own. Its clock follows the
// till's compressed one: the bench sends `{ now }` as it moves it, so expire_at stays in step.
// Prints one JSON line with the base URL, the origin and the token; ends with its IPC channel.
import type { Clock } from '../../shared/clock';
import { startSandbox } from '../../electron/sandbox/sandbox-server';

let nowMs = Number(process.argv[2] ?? Date.now());
/** The till's time, as last told; nothing is scheduled on it (no latency faults here). */
const followed: Clock = {
  now: () => nowMs,
  at: () => () => undefined,
};
const sandbox = await startSandbox({ clock: followed, maxRecordedRequests: 1_000 });
process.on('message', (message: { now?: number }) => {
  if (typeof message.now === 'number') nowMs = message.now;
});
process.once('disconnect', () => void sandbox.close().then(() => process.exit(0)));
console.log(
  JSON.stringify({ baseUrl: sandbox.baseUrl, origin: sandbox.origin, token: sandbox.token }),
);
