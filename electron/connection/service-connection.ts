import type { TokenStatus } from '../../shared/api-token';
import type { Clock } from '../../shared/clock';
import { runsInDemoMode } from '../../shared/demo-mode';
import type { ServiceExchangeReport } from '../../shared/service-health';
import type { Settings } from '../../shared/settings';
import type { Logger } from '../logging/logger';
import { startSandbox, type RunningSandbox } from '../sandbox/sandbox-server';
import { closeServiceTransport, preconnectService } from '../service-client/node-http-exchange';
import {
  createServiceClient,
  type PaymentServiceClient,
} from '../service-client/payment-service-client';
import { serviceOriginOf } from '../settings/bound-token';
import type { SecretStore } from '../settings/secret-store';

/**
 * The budget of one chain or asset list call, its retries included (instead of three 10 s
 * attempts): past it the pickers keep the catalogue saved last time (catalogue.ts).
 */
const LIST_DEADLINE_MS = 6_000;

/** Where the till's payment service is right now. */
export type ConnectionMode =
  | { kind: 'service'; baseUrl: string }
  /** No service configured: the built-in sandbox on loopback (demo mode). */
  | { kind: 'demo'; baseUrl: string }
  /** No service configured and IT does not allow demo mode: the cashier must set one up. */
  | { kind: 'needs-setup' };

export interface ServiceConnectionOptions {
  clock: Clock;
  logger: Logger;
  secrets: SecretStore;
  settings: () => Settings;
  /** Injected for tests; the real fetch otherwise. */
  fetch?: typeof fetch;
  /** What each request of the till's own client came to (not a candidate's test). */
  onExchange?: (report: ServiceExchangeReport) => void;
  /** The till now talks to another service, or to none. */
  onModeChanged?: () => void;
}

/**
 * Owns the client for the configured service and, in demo mode, the built-in sandbox it
 * talks to. The client is rebuilt by `refresh()` (after the service settings or the token
 * changed) and whenever the mode or the service time zone differ from what it was built
 * for; callers always go through `client()`, so an order is never sent with a stale base
 * URL or token, and a caller can tell a new client from the old one by identity.
 *
 * Every client is bound: the stored token goes only to the origin it was saved with (the
 * client refuses, before sending, a request to any other), the sandbox's token only to the
 * sandbox, a candidate's token only to the candidate address.
 */
export class ServiceConnection {
  private sandbox: RunningSandbox | null = null;
  private current: { key: string; client: PaymentServiceClient; mode: ConnectionMode } | null =
    null;
  /** The refresh under way, if any. */
  private running: Promise<ConnectionMode> | null = null;
  /** The one refresh waiting for it, if any. */
  private queued: Promise<ConnectionMode> | null = null;

  constructor(private readonly options: ServiceConnectionOptions) {}

  /**
   * Brings the sandbox and the client in line with the settings and the token: starts the
   * sandbox if demo mode is what they call for, stops it otherwise, and makes the next
   * `client()` a new one. Call at start and after the service settings or the token change.
   *
   * One refresh runs at a time: two at once could both see the sandbox running, one
   * stopping it while the other decides to keep it. Asked for while one runs, a single
   * further refresh is queued behind it and reads the settings when it starts, so the
   * latest settings win however many were asked for meanwhile; every caller's promise
   * settles once a refresh that began after its call has finished.
   */
  refresh(): Promise<ConnectionMode> {
    if (this.queued) return this.queued;
    const running = this.running;
    if (!running) return this.run();
    const queued = running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.run();
      });
    this.queued = queued;
    return queued;
  }

  /** Resolves once no refresh is running or queued, with the mode the last one left. */
  async settled(): Promise<ConnectionMode> {
    for (;;) {
      const pending = this.queued ?? this.running;
      if (!pending) return this.mode();
      await pending.catch(() => undefined);
    }
  }

  private run(): Promise<ConnectionMode> {
    const running = this.apply().finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }

  private async apply(): Promise<ConnectionMode> {
    const settings = this.options.settings();
    const demo = runsInDemoMode(settings);
    if (demo && !this.sandbox) {
      this.sandbox = await startSandbox({ clock: this.options.clock, controlEndpoint: false });
      this.options.logger.info('demo mode: built-in sandbox started', {
        baseUrl: this.sandbox.baseUrl,
      });
    }
    if (!demo && this.sandbox) {
      await this.sandbox.close();
      this.sandbox = null;
      this.options.logger.info('demo mode ended: built-in sandbox stopped');
    }
    this.current = null;
    const mode = this.mode();
    this.options.onModeChanged?.();
    this.options.logger.info('service connection refreshed', { mode: mode.kind });
    return mode;
  }

  mode(): ConnectionMode {
    const settings = this.options.settings();
    if (settings.serviceBaseUrl !== '')
      return { kind: 'service', baseUrl: settings.serviceBaseUrl };
    if (this.sandbox) return { kind: 'demo', baseUrl: this.sandbox.baseUrl };
    return { kind: 'needs-setup' };
  }

  /** The client for the current mode; in needs-setup mode every call fails with a clear message. */
  client(): PaymentServiceClient {
    const settings = this.options.settings();
    const mode = this.mode();
    const key = JSON.stringify([mode, settings.serviceTimeZone]);
    if (this.current?.key === key) return this.current.client;
    const sandbox = this.sandbox;
    const secrets = this.options.secrets;
    const client = this.build({
      baseUrl: mode.kind === 'needs-setup' ? '' : mode.baseUrl,
      ...(mode.kind === 'demo' && sandbox
        ? { getToken: () => sandbox.token, getTokenOrigin: () => sandbox.origin }
        : {
            getToken: () => secrets.load()?.token ?? '',
            getTokenOrigin: () => secrets.load()?.origin,
          }),
      serviceTimeZone: settings.serviceTimeZone,
      ...(this.options.onExchange ? { onExchange: this.options.onExchange } : {}),
    });
    this.current = { key, client, mode };
    return client;
  }

  /**
   * Opens, ahead of the sale's request, the connection it will use (TCP and TLS to the
   * service's origin, nothing sent: no request, no token), so "Show QR" after a quiet
   * spell costs one round trip, not three (README "Benchmarks", first-qr). Only where the
   * client would send: the node transport (an injected fetch keeps its own connections),
   * a service set up, and its address the one the token is bound to. Fire and forget: a
   * failure here is met again, and reported, by the request itself.
   */
  warmUp(): void {
    if (this.options.fetch) return;
    const mode = this.mode();
    if (mode.kind === 'needs-setup') return;
    const boundOrigin =
      mode.kind === 'demo' ? this.sandbox?.origin : this.options.secrets.status().origin;
    if (boundOrigin === undefined || serviceOriginOf(mode.baseUrl) !== boundOrigin) return;
    void preconnectService(mode.baseUrl).then((result) => {
      if (result === 'failed') this.options.logger.info('pre-connect to the service failed');
    });
  }

  /**
   * A one-off client for a candidate URL with the token typed for it ("Test connection",
   * connecting to a service): that token goes to that URL's origin only, and the stored
   * token is never involved.
   */
  candidateClient(baseUrl: string, token: string): PaymentServiceClient {
    const origin = serviceOriginOf(baseUrl);
    return this.build({
      baseUrl,
      getToken: () => token,
      getTokenOrigin: () => origin,
      serviceTimeZone: this.options.settings().serviceTimeZone,
    });
  }

  /**
   * What a page may know of the token for the service in use: in demo mode the sandbox's
   * own; otherwise the stored one, unusable, with the reason, when it was saved for another
   * origin than the configured address (IT's policy moved it, or a setting from before the
   * binding did): the client would refuse to send it there.
   */
  tokenStatus(): TokenStatus {
    const mode = this.mode();
    if (mode.kind === 'demo') return { set: true };
    const status = this.options.secrets.status();
    if (mode.kind === 'needs-setup' || !status.set) return status;
    const origin = serviceOriginOf(mode.baseUrl);
    if (origin !== undefined && status.origin === origin) return status;
    return {
      set: false,
      ...(status.origin ? { origin: status.origin } : {}),
      problem: `The service address changed to ${origin ?? mode.baseUrl}, and the saved API token was tested with ${status.origin ?? 'another address'}: enter the token for the new address.`,
    };
  }

  /** The built-in sandbox while in demo mode (tests drive its faults through it). */
  demoSandbox(): RunningSandbox | null {
    return this.sandbox;
  }

  async close(): Promise<void> {
    // A refresh still under way could start a sandbox after this one was closed.
    await this.settled();
    closeServiceTransport();
    await this.sandbox?.close();
    this.sandbox = null;
  }

  private build(parts: {
    baseUrl: string;
    getToken: () => string;
    getTokenOrigin: () => string | undefined;
    serviceTimeZone: string;
    onExchange?: (report: ServiceExchangeReport) => void;
  }): PaymentServiceClient {
    return createServiceClient({
      ...parts,
      clock: this.options.clock,
      logger: this.options.logger,
      allowedWalletHosts: () => this.options.settings().allowedWalletHosts,
      listDeadlineMs: LIST_DEADLINE_MS,
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
  }
}
