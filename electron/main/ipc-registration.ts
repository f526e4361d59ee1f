import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import {
  callNames,
  displayEventNames,
  eventNames,
  type Calls,
  type EventName,
  type Events,
} from '../../shared/ipc/contract';
import {
  callChannel,
  eventChannel,
  LATEST_CHANNEL,
  type CallHandlers,
  type EventSink,
} from '../../shared/ipc/contract-kit';
import { dispatchCall } from '../app/dispatch-call';
import { startingAnswer, type StartGate } from '../app/start-gate';
import type { Logger } from '../logging/logger';
import type { PageName } from './page-paths';

const refused = {
  ok: false,
  error: { kind: 'untrusted-sender', message: 'Refused: this page may not ask that.' },
} as const;
const eventsFor: Record<PageName, ReadonlySet<string>> = {
  cashier: new Set(eventNames),
  display: new Set(displayEventNames),
};

/** What the wiring needs of a webContents (a WebContents satisfies it; tests pass a fake). */
interface PageContents {
  readonly id: number;
  send(channel: string, payload: unknown): void;
  isDestroyed(): boolean;
  once(event: 'destroyed', listener: () => void): unknown;
}

export interface IpcWiring {
  /** Tells which page a webContents shows; only registered pages are answered or sent to. */
  registerPage(contents: PageContents, page: PageName): void;
  /** Fans an event out to the pages allowed to see it. */
  emit: EventSink<Events>;
}

/**
 * Registers one handler per contract call (docs/architecture.md: One typed contract). Every handler
 * first checks the sender (one of our windows, showing our page, in its main frame) and that
 * it is the cashier page: the customer display may only subscribe. Arguments are parsed by
 * dispatchCall before any service sees them.
 */
export function registerIpc(options: {
  ipcMain: Pick<IpcMain, 'handle'>;
  /**
   * The services as they start: a call made before they are up waits for them (bounded), and
   * is answered 'starting' only if they do not come up in time.
   */
  services: Pick<
    StartGate<{ handlers: CallHandlers<Calls>; latest: (name: EventName) => unknown }>,
    'whenUp'
  >;
  isTrusted: (event: IpcMainInvokeEvent) => boolean;
  logger: Logger;
}): IpcWiring {
  const pages = new Map<number, { page: PageName; contents: PageContents }>();
  const pageOf = (event: IpcMainInvokeEvent): PageName | undefined =>
    options.isTrusted(event) ? pages.get(event.sender.id)?.page : undefined;

  for (const name of callNames) {
    options.ipcMain.handle(callChannel(name), async (event, rawArgs: unknown) => {
      if (pageOf(event) !== 'cashier') {
        options.logger.warn('ipc call refused: untrusted sender', { call: name });
        return refused;
      }
      const services = await options.services.whenUp();
      if (!services) return startingAnswer;
      return dispatchCall(services.handlers, name, rawArgs, options.logger);
    });
  }

  options.ipcMain.handle(LATEST_CHANNEL, async (event, name: unknown) => {
    const page = pageOf(event);
    if (!page || typeof name !== 'string' || !eventsFor[page].has(name)) return { has: false };
    const services = await options.services.whenUp();
    const value = services?.latest(name as EventName);
    return value === undefined ? { has: false } : { has: true, value };
  });

  return {
    registerPage(contents, page) {
      pages.set(contents.id, { page, contents });
      contents.once('destroyed', () => pages.delete(contents.id));
    },
    emit(name, payload) {
      for (const { page, contents } of pages.values()) {
        if (eventsFor[page].has(name) && !contents.isDestroyed())
          contents.send(eventChannel(name), payload);
      }
    },
  };
}
