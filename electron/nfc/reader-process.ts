/**
 * Entry point of the NFC reader process (docs/architecture.md: Processes). A PC/SC call may
 * block its thread (a hung pcscd) or the addon may crash; here that freezes or kills only this
 * process, and the host restarts it.
 */
import { performance } from 'node:perf_hooks';
import { systemClock } from '../../shared/clock';
import { openSmartcardPcsc } from './pcsc-binding';
import { hostToReaderSchema } from './reader-protocol';
import { connectToParent } from './reader-transport';
import { ReaderRuntime } from './reader-runtime';

const link = connectToParent();
if (!link) {
  process.stderr.write(
    'The NFC reader process must be started by the till (fork or utilityProcess).\n',
  );
  process.exit(2);
}

const runtime = new ReaderRuntime({
  send: (message) => link.send(message),
  openPcsc: openSmartcardPcsc,
  clock: systemClock,
  elapsedMs: () => performance.now(),
  // Let queued messages reach the parent before leaving.
  onStopped: () => setImmediate(() => process.exit(0)),
});

link.onMessage((raw) => {
  const parsed = hostToReaderSchema.safeParse(raw);
  if (parsed.success) runtime.handle(parsed.data);
});
link.onClose(() => runtime.shutdown());
runtime.start();
