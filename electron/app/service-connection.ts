import type { Clock } from '../../shared/clock';
import type { Settings } from '../../shared/settings';
import type { Logger } from '../logging/logger';
import { startSandbox, type RunningSandbox } from '../sandbox/sandbox-server';
import { closeServiceTransport } from '../service-client/node-http-exchange';
import {
  createServiceClient,
  type PaymentServiceClient,
} from '../service-client/payment-service-client';
import type { SecretStore } from '../settings/secret-store';

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
}

/**
 * Owns the client for the configured service and, in demo mode, the built-in sandbox it
 * talks to. The client is rebuilt when the service settings change; callers always go
 * through `client()`, so an order is never sent with a stale base URL or token.
 */
export class ServiceConnection {
  private sandbox: RunningSandbox | null = null;
  private current: { key: string; client: PaymentServiceClient; mode: ConnectionMode } | null =
    null;

  constructor(private readonly options: ServiceConnectionOptions) {}

  /** Starts the sandbox if demo mode is what the settings call for. Call at start and after settings change. */
  async refresh(): Promise<ConnectionMode> {
    const settings = this.options.settings();
    if (settings.serviceBaseUrl === '' && settings.demoModeAllowed && !this.sandbox) {
      this.sandbox = await startSandbox({ clock: this.options.clock });
      this.options.logger.info('demo mode: built-in sandbox started', {
        baseUrl: this.sandbox.baseUrl,
      });
    }
    if ((settings.serviceBaseUrl !== '' || !settings.demoModeAllowed) && this.sandbox) {
      await this.sandbox.close();
      this.sandbox = null;
      this.options.logger.info('demo mode ended: built-in sandbox stopped');
    }
    this.current = null;
    return this.mode();
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
    const client = this.build({
      baseUrl: mode.kind === 'needs-setup' ? '' : mode.baseUrl,
      getToken:
        mode.kind === 'demo' && sandbox
          ? () => sandbox.token
          : () => this.options.secrets.load() ?? '',
      serviceTimeZone: settings.serviceTimeZone,
    });
    this.current = { key, client, mode };
    return client;
  }

  /** A one-off client for "Test connection" on a candidate URL and token (first run). */
  candidateClient(baseUrl: string, token: string): PaymentServiceClient {
    return this.build({
      baseUrl,
      getToken: () => token,
      serviceTimeZone: this.options.settings().serviceTimeZone,
    });
  }

  /** The built-in sandbox while in demo mode (tests drive its faults through it). */
  demoSandbox(): RunningSandbox | null {
    return this.sandbox;
  }

  async close(): Promise<void> {
    closeServiceTransport();
    await this.sandbox?.close();
    this.sandbox = null;
  }

  private build(parts: {
    baseUrl: string;
    getToken: () => string;
    serviceTimeZone: string;
  }): PaymentServiceClient {
    return createServiceClient({
      ...parts,
      clock: this.options.clock,
      logger: this.options.logger,
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
  }
}
