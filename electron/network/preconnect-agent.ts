import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** What a pre-connect came to. */
export type PreconnectResult =
  /** The pool already holds an idle connection to that origin: nothing to do. */
  | 'pooled'
  /** A connection opened earlier is ready or on its way: nothing more to do. */
  | 'parked'
  /** A new connection is up (TCP, and for https the TLS handshake) and waits for a request. */
  | 'opened'
  /** It could not be made (refused, DNS, certificate...): the request will try for itself. */
  | 'failed';

type AgentCallback = (error: Error | null, stream: Duplex) => void;

/** One connection made ahead of its request. */
interface Parked {
  socket: Socket;
  ready: boolean;
  /** Takes our own listeners off it, and it off the list. */
  release: () => void;
  /** A request that asked while it was still being made: it gets it when ready. */
  waiter: { take: AgentCallback; fallBack: () => void } | null;
}

/**
 * Where the agent's own options carry the pool key: Node's agent names every pool
 * (`getName`) and hands that name to createConnection as `_agentKey`; https uses it to
 * cache and resume TLS sessions. An internal name, so a test proves a pre-connected
 * socket is reused (tests/integration/network/preconnect.test.ts).
 */
type KeyedOptions = http.ClientRequestArgs & { _agentKey?: string };

/**
 * Pre-connecting for any Node agent: `open` makes one connection to an origin the way the
 * agent itself would (same options, same pool key, for https the agent's TLS session cache,
 * so a handshake after a quiet spell resumes the session), without sending anything on it;
 * `claim` hands it to the first request for that origin. A connection parked and not
 * claimed closes after the agent's idle `timeout`, like an idle pooled one, and is unref'd:
 * it never keeps the process alive.
 */
class ParkedConnections {
  private readonly parked = new Map<string, Parked>();

  constructor(
    private readonly agent: http.Agent,
    private readonly readyEvent: 'connect' | 'secureConnect',
    /** The agent's own createConnection (its super's): how a connection is made. */
    private readonly create: (
      options: KeyedOptions,
      callback?: AgentCallback,
    ) => Duplex | null | undefined,
  ) {}

  open(hostname: string, port: number, defaultServername: boolean): Promise<PreconnectResult> {
    const options: KeyedOptions & { servername?: string } = {
      ...(this.agent as unknown as { options: http.AgentOptions }).options,
      host: hostname,
      port,
    };
    // As Node's agent names it: SNI is the host name, none for an IP literal.
    if (defaultServername) options.servername = isIP(hostname) ? '' : hostname;
    const key = this.agent.getName(options);
    // A destroyed one leaves the list only as it closes.
    if (this.agent.freeSockets[key]?.some((socket) => !socket.destroyed))
      return Promise.resolve('pooled');
    if (this.parked.has(key)) return Promise.resolve('parked');
    options._agentKey = key;
    const socket = this.create(options) as Socket | null | undefined;
    if (!socket) return Promise.resolve('failed');
    const idleMs = options.timeout ?? 0;
    if (idleMs > 0) socket.setTimeout(idleMs);
    socket.unref();
    return new Promise((resolve) => {
      const entry: Parked = { socket, ready: false, release: () => forget(), waiter: null };
      this.parked.set(key, entry);
      const forget = () => {
        socket.off('error', onError);
        socket.off('close', onClose);
        socket.off('timeout', onIdle);
        if (this.parked.get(key) === entry) this.parked.delete(key);
      };
      const onError = () => {
        forget();
        socket.destroy();
        entry.waiter?.fallBack();
        resolve('failed');
      };
      const onClose = () => {
        forget();
        entry.waiter?.fallBack();
        resolve('failed');
      };
      // Idle with no request: closed like an idle pooled socket (the agent's `timeout`).
      const onIdle = () => {
        forget();
        socket.destroy();
      };
      socket.once('error', onError);
      socket.once('close', onClose);
      socket.on('timeout', onIdle);
      socket.once(this.readyEvent, () => {
        entry.ready = true;
        // Read what the server sends after the handshake while the socket waits (TLS 1.3
        // session tickets, cached by the agent for the next handshake) rather than on the
        // click's answer. No data comes before a request; the request's own reader takes
        // over the flowing stream.
        socket.resume();
        resolve('opened');
        const waiter = entry.waiter;
        if (waiter) {
          forget();
          socket.ref();
          waiter.take(null, socket);
        }
      });
    });
  }

  /**
   * The agent's createConnection: the parked connection for this pool key when there is one
   * (or will be: undefined is returned and `callback` gets it), else a new one as usual.
   */
  connect(options: KeyedOptions, callback?: AgentCallback): Duplex | null | undefined {
    const claimed = this.claim(options, callback, () => {
      callback?.(null, this.create(options) as Duplex);
    });
    if (claimed === true) return undefined;
    return claimed ?? this.create(options, callback);
  }

  /** Closes idle and parked connections now, as the idle timeout would; the agent stays. */
  closeIdle(): void {
    this.destroyAll();
    closeFreeSockets(this.agent);
  }

  /**
   * The parked connection for this pool key, if any: returned at once when it is up; when
   * it is still being made, `callback` gets it once it is (or `fallBack` runs if it fails),
   * and true is returned. undefined: nothing parked, make a connection as usual.
   */
  claim(
    options: KeyedOptions,
    callback: AgentCallback | undefined,
    fallBack: () => void,
  ): Duplex | true | undefined {
    const key = options._agentKey;
    const entry = key === undefined ? undefined : this.parked.get(key);
    if (!entry || !key) return undefined;
    if (entry.ready) {
      entry.release();
      entry.socket.ref();
      return entry.socket;
    }
    // Still connecting: one request waits for it, any other makes its own.
    if (entry.waiter || !callback) return undefined;
    entry.waiter = { take: callback, fallBack };
    return true;
  }

  destroyAll(): void {
    for (const entry of this.parked.values()) entry.socket.destroy();
    this.parked.clear();
  }
}

/** Destroys an agent's idle pooled sockets (each leaves the pool as it closes). */
function closeFreeSockets(agent: http.Agent): void {
  for (const sockets of Object.values(agent.freeSockets))
    for (const socket of sockets ?? []) socket.destroy();
}

/**
 * http.Agent that can open a connection to an origin before its first request
 * (`preconnect`). Everything else is Node's agent: pooling, keep-alive, idle timeout.
 */
export class PreconnectHttpAgent extends http.Agent {
  private readonly parked = new ParkedConnections(this, 'connect', (options, callback) =>
    super.createConnection(options, callback),
  );

  preconnect(hostname: string, port: number): Promise<PreconnectResult> {
    return this.parked.open(hostname, port, false);
  }

  override createConnection(
    options: http.ClientRequestArgs,
    callback?: AgentCallback,
  ): Duplex | null | undefined {
    return this.parked.connect(options, callback);
  }

  /** Closes idle and parked connections now, as the idle timeout would; the agent stays. */
  closeIdle(): void {
    this.parked.closeIdle();
  }

  override destroy(): void {
    this.parked.destroyAll();
    super.destroy();
  }
}

/**
 * https.Agent that can open a connection, TLS handshake included, before its first request
 * (`preconnect`). The handshake goes through the agent's own createConnection, so it uses
 * and fills the agent's TLS session cache (`maxCachedSessions`) like any request's.
 */
export class PreconnectHttpsAgent extends https.Agent {
  private readonly parked = new ParkedConnections(this, 'secureConnect', (options, callback) =>
    super.createConnection(options, callback),
  );

  preconnect(hostname: string, port: number): Promise<PreconnectResult> {
    return this.parked.open(hostname, port, true);
  }

  override createConnection(
    options: https.RequestOptions,
    callback?: AgentCallback,
  ): Duplex | null | undefined {
    return this.parked.connect(options, callback);
  }

  /** Closes idle and parked connections now, as the idle timeout would; the agent stays. */
  closeIdle(): void {
    this.parked.closeIdle();
  }

  override destroy(): void {
    this.parked.destroyAll();
    super.destroy();
  }
}
