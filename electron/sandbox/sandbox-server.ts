import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { systemClock, type Clock } from '../../shared/clock';
import { SANDBOX_DEMO_TOKEN, tokenFormat } from './demo-token';
import { FaultBook, type FaultRule, type SandboxEndpoint } from './fault-rules';
import { startLatencyRelay, type LatencyRelay } from './latency-relay';
import { LatencyWaits } from './latency-waits';
import { createRequestListener } from './request-router';
import {
  applyConfigPatch,
  defaultSandboxConfig,
  type SandboxConfig,
  type SandboxConfigPatch,
} from './sandbox-config';
import {
  SandboxLedger,
  type SandboxNfcPayment,
  type SandboxOrder,
  type SandboxRequestRecord,
} from './sandbox-ledger';
import { createServiceEndpoints, type Reply, type ServiceRequest } from './service-endpoints';
import { SANDBOX_PATH_PREFIX } from './service-route';

/**
 * The built-in payment service emulator (docs/payment-service.md: The built-in sandbox): the
 * four endpoints of the API on loopback, with scripted faults. Demo mode, every integration
 * test and the benchmarks talk to it over real HTTP. README.md describes behaviour, faults
 * and the control endpoint.
 */

export { SANDBOX_DEMO_TOKEN };
export type { FaultRule };

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Bearer token the sandbox accepts; 32 lower-case hex. Default SANDBOX_DEMO_TOKEN. */
  token?: string;
  /** Source of "now" for expire_at, record times and fault latency. Default systemClock. */
  clock?: Clock;
  /** Lifetime of a payment link. Default 900. */
  expirySeconds?: number;
  /** IANA zone expire_at is written in. Default 'UTC'. */
  timeZone?: string;
  /** Default 'day-first' (DD/MM/YYYY). */
  expireAtOrder?: 'day-first' | 'month-first';
  /** Accept an NFC token the sandbox never issued (once). Default true, so a real wallet works in demo mode. */
  acceptAnyNfcToken?: boolean;
  faults?: FaultRule[];
  /**
   * Serve the test controls at {origin}/__control/* (faults, config, records; loopback
   * only). Default false: demo mode must not let anything on the machine inject faults
   * into the till's payment service. Tests and `npm run sandbox -- --control` turn it
   * on; without it those paths answer 404 like any unknown path.
   */
  controlEndpoint?: boolean;
  /** Interface to listen on. Default '127.0.0.1'; other values exist to test the loopback-only control endpoint. */
  host?: string;
  /** requests() keeps at most this many of the newest records. Default 100 000. */
  maxRecordedRequests?: number;
  /**
   * Serve https with this certificate and key (PEM) instead of http: a far-away service's
   * TLS handshake, for the first-QR benchmark and its tests (they trust a certificate made
   * at run time). The origin and the payment links become https.
   */
  tls?: { key: string; cert: string };
  /**
   * Make the service that many milliseconds of round trip away (latency-relay.ts: the TCP
   * handshake, every flight of bytes RTT/2 each way), on `clock`. Default 0: none.
   */
  roundTripMs?: number;
}

/** What the sandbox saw of connections since it started (the benchmark counts round trips). */
interface SandboxConnections {
  /** TCP connections accepted. */
  tcp: number;
  /** TLS handshakes completed. */
  tls: number;
  /** Of those, how many resumed an earlier session. */
  tlsResumed: number;
  /** Connections open now. */
  open: number;
}

export interface RunningSandbox {
  /** http://127.0.0.1:PORT/v1/cf-payment */
  baseUrl: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  token: string;
  setFaults(rules: FaultRule[]): void;
  /** The rules still active, with `times` counted down. */
  faults(): FaultRule[];
  configure(patch: SandboxConfigPatch): void;
  config(): SandboxConfig;
  /** Every accepted generate_qr, oldest first. */
  orders(): SandboxOrder[];
  /** Every accepted generate_nfc, oldest first. */
  nfcPayments(): SandboxNfcPayment[];
  /** Every request to a service path, failed and faulted ones included, oldest first. */
  requests(): SandboxRequestRecord[];
  /** Connections and TLS handshakes so far, and how many are open. */
  connections(): SandboxConnections;
  /** Resolves once `count` requests to `endpoint` have arrived (counting from start); rejects on close(). */
  waitForRequests(endpoint: SandboxEndpoint, count: number): Promise<void>;
  /** A fresh single-use UUID the sandbox will accept once, even when acceptAnyNfcToken is off. */
  issueNfcToken(): string;
  /** Ends hung and in-flight requests and every socket; resolves when the port is free. */
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const token = options.token ?? SANDBOX_DEMO_TOKEN;
  if (!tokenFormat.test(token))
    throw new Error('Sandbox token must be 32 lower-case hexadecimal characters.');
  const clock = options.clock ?? systemClock;
  const host = options.host ?? '127.0.0.1';
  let config = applyConfigPatch(defaultSandboxConfig, {
    expirySeconds: options.expirySeconds,
    timeZone: options.timeZone,
    expireAtOrder: options.expireAtOrder,
    acceptAnyNfcToken: options.acceptAnyNfcToken,
  });
  const faultBook = new FaultBook();
  faultBook.set(options.faults ?? []);
  const ledger = new SandboxLedger(options.maxRecordedRequests ?? 100_000);
  const latency = new LatencyWaits(clock);
  const sockets = new Set<Socket>();
  let closed = false;
  /** Built once listening, because the catalogue's logo URLs need the port. */
  const service: { handle?: (request: ServiceRequest) => Reply } = {};

  const control = {
    ledger,
    faults: () => faultBook.list(),
    setFaults: (rules: FaultRule[]) => faultBook.set(rules),
    config: () => ({ ...config }),
    configure: (patch: unknown) => {
      config = applyConfigPatch(config, patch);
    },
  };

  const listener = createRequestListener({
    clock,
    ledger,
    faultBook,
    latency,
    handle: (request) => (service.handle as NonNullable<typeof service.handle>)(request),
    control: options.controlEndpoint === true ? control : null,
  });
  const server = options.tls
    ? createTlsServer({ keepAlive: true, ...options.tls }, listener)
    : createServer({ keepAlive: true }, listener);
  const seen: Omit<SandboxConnections, 'open'> = { tcp: 0, tls: 0, tlsResumed: 0 };
  server.on('connection', (socket: Socket) => {
    seen.tcp += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('secureConnection', (socket: TLSSocket) => {
    seen.tls += 1;
    if (socket.isSessionReused()) seen.tlsResumed += 1;
  });
  // Malformed HTTP from a client under test: answer 400 instead of crashing anything.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const listeningPort = (server.address() as AddressInfo).port;
  const relay: LatencyRelay | null =
    (options.roundTripMs ?? 0) > 0
      ? await startLatencyRelay({
          host,
          upstreamPort: listeningPort,
          roundTripMs: options.roundTripMs ?? 0,
          clock,
        })
      : null;
  const port = relay?.port ?? listeningPort;
  // A wildcard listen is still reached, and linked to, through loopback.
  const linkHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const origin = `${options.tls ? 'https' : 'http'}://${linkHost}:${port}`;
  service.handle = createServiceEndpoints({ origin, clock, ledger, token, config: () => config });

  return {
    baseUrl: `${origin}${SANDBOX_PATH_PREFIX}`,
    origin,
    token,
    setFaults: control.setFaults,
    faults: control.faults,
    configure: control.configure,
    config: control.config,
    orders: () => [...ledger.orders],
    nfcPayments: () => [...ledger.nfcPayments],
    requests: () => ledger.requests(),
    connections: () => ({ ...seen, open: sockets.size }),
    waitForRequests: (endpoint, count) => ledger.waitFor(endpoint, count),
    issueNfcToken: () => ledger.issueToken(),
    close: async () => {
      if (closed) return;
      closed = true;
      latency.closeAll();
      relay?.close();
      ledger.rejectWaiters();
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await done;
    },
  };
}
