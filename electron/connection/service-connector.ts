import { checkApiTokenFormat } from '../../shared/api-token';
import { normaliseBaseUrl } from '../../shared/base-url';
import type { ServiceConnectionChange } from '../../shared/ipc/views';
import type { Logger } from '../logging/logger';
import {
  ENCRYPTION_UNAVAILABLE_MESSAGE,
  type BoundToken,
  type SecretStore,
} from '../settings/secret-store';
import type { SettingsService } from '../settings/settings-service';
import { shownSetting } from '../diagnostics/settings-allow-list';
import { CallRefusal } from '../../shared/ipc/call-refusal';
import { probeService } from './connection-test';
import type { ProbeLimiter } from './probe-limiter';
import type { ServiceConnection } from './service-connection';

const NOTHING_CHANGED = 'Nothing was changed.';

/**
 * The only way the service address changes at the till: the address and a token together,
 * tested against the service (its chain list), then saved together, the token bound to the
 * address's origin; on any failure nothing changes and the refusal says why. Disconnecting
 * (back to demo mode) is one step too: the address and the token go together.
 */
export class ServiceConnector {
  constructor(
    private readonly parts: {
      settings: SettingsService;
      secrets: SecretStore;
      connection: ServiceConnection;
      limiter: ProbeLimiter;
      logger: Logger;
    },
  ) {}

  async connect(baseUrlText: string, tokenText: string): Promise<ServiceConnectionChange> {
    const { secrets, connection, limiter, logger } = this.parts;
    const address = normaliseBaseUrl(baseUrlText);
    if (!address.ok)
      throw new CallRefusal('settings-invalid', `${address.reason} ${NOTHING_CHANGED}`);
    const token = checkApiTokenFormat(tokenText);
    if (!token.ok)
      throw new CallRefusal('token-invalid-token', `${token.reason} ${NOTHING_CHANGED}`);
    // Not worth sending the token anywhere if it could not be kept.
    if (!secrets.isAvailable())
      throw new CallRefusal('token-encryption-unavailable', ENCRYPTION_UNAVAILABLE_MESSAGE);
    this.refuseIfManagedElsewhere(address.baseUrl);

    const slot = limiter.take();
    if (!slot.ok) throw new CallRefusal('connection-test-limited', slot.message);
    let tested;
    try {
      tested = await probeService(connection.candidateClient(address.baseUrl, token.token));
    } finally {
      slot.done();
    }
    if (!tested.ok)
      throw new CallRefusal('connection-test-failed', `${tested.message} ${NOTHING_CHANGED}`);

    // IT's policy may have moved while the test ran.
    this.refuseIfManagedElsewhere(address.baseUrl);
    const origin = new URL(address.baseUrl).origin;
    this.save({ token: token.token, origin }, address.baseUrl);
    await connection.refresh();
    logger.info('connected to a payment service', { origin });
    return {
      serviceOrigin: origin,
      token: connection.tokenStatus(),
      message: `${tested.message} The token is saved for ${origin} and is sent nowhere else.`,
    };
  }

  async disconnect(): Promise<ServiceConnectionChange> {
    const { settings, secrets, connection, limiter, logger } = this.parts;
    if (limiter.busy)
      throw new CallRefusal(
        'connection-test-limited',
        'A connection test is running. Wait for its answer, then try again.',
      );
    const current = settings.current();
    if (current.values.serviceBaseUrl !== '') {
      if (current.keys.serviceBaseUrl.locked)
        throw new CallRefusal(
          'settings-managed',
          `The payment service address is managed by your IT department and cannot be cleared here. ${NOTHING_CHANGED}`,
        );
      const written = settings.saveServiceAddress('');
      if (!written.ok)
        throw new CallRefusal(`settings-${written.error.kind}`, written.error.problems.join(' '));
    }
    secrets.clear();
    await connection.refresh();
    logger.info('disconnected from the payment service');
    const demo = connection.mode().kind === 'demo';
    return {
      serviceOrigin: null,
      token: secrets.status(),
      message: demo
        ? 'Disconnected: the API token was removed and the till is in demo mode with the built-in sandbox.'
        : 'Disconnected: the API token was removed. IT does not allow demo mode on this till: set up a payment service to take payments.',
    };
  }

  /** A locked address can only be connected to as it is: another one is IT's to set. */
  private refuseIfManagedElsewhere(baseUrl: string): void {
    const current = this.parts.settings.current();
    if (current.keys.serviceBaseUrl.locked && current.values.serviceBaseUrl !== baseUrl) {
      const managed =
        shownSetting('serviceBaseUrl', current.values.serviceBaseUrl) || 'no address (demo mode)';
      throw new CallRefusal(
        'settings-managed',
        `The payment service address is managed by your IT department (${managed}): enter the token for that address. ${NOTHING_CHANGED}`,
      );
    }
  }

  /**
   * The token first, bound to the tested origin, then the address: between the two the
   * client would refuse (the address and the token's origin differ), never send. When the
   * address cannot be saved, the token that was there before is put back.
   */
  private save(bound: BoundToken, baseUrl: string): void {
    const { settings, secrets } = this.parts;
    const previous = secrets.load();
    const saved = secrets.save(bound.token, bound.origin);
    if (!saved.ok) throw new CallRefusal(`token-${saved.error.kind}`, saved.error.message);
    if (settings.current().values.serviceBaseUrl === baseUrl) return;
    const written = settings.saveServiceAddress(baseUrl);
    if (written.ok) return;
    if (previous) secrets.save(previous.token, previous.origin);
    else secrets.clear();
    throw new CallRefusal(`settings-${written.error.kind}`, written.error.problems.join(' '));
  }
}
