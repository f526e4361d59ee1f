import { endpointUrl, normaliseBaseUrl, type ServiceEndpoint } from '../../shared/base-url';
import type { Clock } from '../../shared/clock';
import type { ServiceExchangeReport } from '../../shared/service-health';
import { assetSchema, type Asset } from '../../shared/wire/asset';
import { chainSchema, type Chain } from '../../shared/wire/chain';
import { chainIdParamSchema } from '../../shared/wire/chain-id';
import { nfcPaymentResultSchema, paymentLinkResultSchema } from '../../shared/wire/payment-link';
import type { GenerateNfcRequest, GenerateQrRequestInput } from '../../shared/wire/requests';
import { redact, silentLogger, type LogFields, type Logger } from '../logging/logger';
import { checkLinkResult, type CheckedPaymentLink } from './checked-payment-link';
import type { HttpMethod } from './failure-messages';
import type { ExchangeOutcome, ExchangeRequest } from './exchange';
import { exchange as fetchExchange } from './fetch-exchange';
import { exchange as nodeHttpExchange } from './node-http-exchange';
import { readListOutcome, readOutcome, type ReadResult } from './read-outcome';
import { readToken } from './read-token';
import { scrubbedServiceError } from './scrubbed-service-error';
import { validateNfcRequest, validateQrRequest } from './validate-request';

export interface ServiceClientOptions {
  /** Checked with normaliseBaseUrl; see createServiceClient for what an invalid one does. */
  baseUrl: string;
  /** Read before every request: the token can change in the settings while the app runs. */
  getToken: () => string;
  /**
   * The origin the token was tested and saved with, read after the token before every
   * request. When given, a request to any other origin is refused before anything is sent,
   * so a new address (a setting, IT's policy) never receives a token tested with another
   * one. ServiceConnection always gives it; without it (tests, benchmarks) the token goes
   * to the base URL as configured.
   */
  getTokenOrigin?: () => string | undefined;
  clock: Clock;
  /**
   * Only for a host without node:http or a unit test's stub: when given, requests go through
   * this fetch (fetch-exchange.ts); otherwise through node:http/https keep-alive agents
   * (node-http-exchange.ts), the production transport. Both keep the same contract.
   */
  fetch?: typeof fetch;
  /** Deadline of one attempt, connect to last body byte. */
  timeoutMs?: number;
  /**
   * Extra attempts after the first, for a GET, and for a POST that never connected (nothing
   * was sent, so it cannot have been processed). A POST that may have arrived is never re-sent.
   */
  getRetries?: number;
  /** Delay before the first GET retry; doubled for each further one. */
  backoffMs?: number;
  /** Budget of a whole list call (chains, assets) across its attempts and backoffs; none by default. */
  listDeadlineMs?: number;
  maxResponseBytes?: number;
  /** IANA zone the service writes expire_at in (docs/payment-service.md: Payment link; a setting, default UTC). */
  serviceTimeZone?: string;
  /** http: payment links on loopback hosts; default: only when the base URL is loopback (the sandbox). */
  allowLoopbackHttp?: boolean;
  /** IT's allowed wallet hosts for payment links (read per link); none: any public host name. */
  allowedWalletHosts?: () => readonly string[];
  logger?: Logger;
  /** Told what each attempt came to, for the till's status bar (service-health.ts). */
  onExchange?: (report: ServiceExchangeReport) => void;
}

export interface PaymentServiceClient {
  listChains(): Promise<Chain[]>;
  listAssets(chainId: string): Promise<Asset[]>;
  /** Sends the request's parse (validate-request.ts), never the object as given. */
  createPaymentLink(request: GenerateQrRequestInput, asset: Asset): Promise<CheckedPaymentLink>;
  /** Sends the request's parse: e.g. the token lower-cased, the serial number trimmed. */
  submitNfcPayment(request: GenerateNfcRequest): Promise<'success'>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_GET_RETRIES = 2;
const DEFAULT_BACKOFF_MS = 300;
const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;
/** `invalid-request` adds "Nothing was sent to the payment service." */
const ADDRESS_CHANGED =
  'The service address changed since the API token was saved: enter the API token for it again in Settings → IT → Payment service.';

interface CallSpec<T> {
  endpoint: ServiceEndpoint;
  method: HttpMethod;
  /** The answer read and its data checked: readOutcome, or readListOutcome for a long list. */
  read: (outcome: ExchangeOutcome) => ReadResult<T> | Promise<ReadResult<T>>;
  query?: Record<string, string>;
  body?: unknown;
}

/**
 * The main-process client of the payment service (API 4). Never imports 'electron'.
 *
 * createServiceClient never throws: an invalid base URL makes every call reject with
 * 'invalid-request' before anything is sent, so a bad installation setting shows up as a
 * clear error at the till instead of stopping the main process at start-up.
 * See README.md for the error kinds, the retry policy, the timeouts and the size cap.
 */
export function createServiceClient(options: ServiceClientOptions): PaymentServiceClient {
  const base = normaliseBaseUrl(options.baseUrl);
  const clock = options.clock;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const getRetries = Math.max(0, Math.floor(options.getRetries ?? DEFAULT_GET_RETRIES));
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const serviceTimeZone = options.serviceTimeZone ?? 'UTC';
  const allowLoopbackHttp = options.allowLoopbackHttp ?? (base.ok && base.loopback);
  const logger = options.logger ?? silentLogger;
  /** With nowhere to log, the success path builds no log fields at all. */
  const logging = logger !== silentLogger;
  /** The same for every attempt: built once, not per request. */
  const limits = { clock, timeoutMs, maxResponseBytes };
  // The transport (README "Transport"): node:http unless the host injected a fetch.
  const fetchDeps = options.fetch ? { ...limits, fetch: options.fetch } : undefined;
  const send = (request: ExchangeRequest, leftMs = timeoutMs): Promise<ExchangeOutcome> => {
    // A list call's attempt gets at most what is left of its budget (listDeadlineMs).
    const short = leftMs < timeoutMs ? { ...limits, timeoutMs: leftMs } : limits;
    if (options.fetch)
      return fetchExchange(
        request,
        short === limits ? fetchDeps! : { ...short, fetch: options.fetch },
      );
    return nodeHttpExchange(request, short);
  };
  const urls = new Map<ServiceEndpoint, { href: string; origin: string }>();
  const urlOf = (baseUrl: string, endpoint: ServiceEndpoint) => {
    let url = urls.get(endpoint);
    if (url === undefined) {
      const href = endpointUrl(baseUrl, endpoint);
      urls.set(endpoint, (url = { href, origin: new URL(href).origin }));
    }
    return url;
  };
  /** True when the token read for this attempt was saved for the origin the request goes to. */
  const boundTo = (origin: string): boolean => {
    if (!options.getTokenOrigin) return true;
    try {
      return options.getTokenOrigin() === origin;
    } catch {
      return false;
    }
  };

  /** Logs plain facts only, and even those pass the redactor with the live token. */
  const log = (level: keyof Logger, message: string, fields: LogFields, token?: string) => {
    if (!logging) return; // spares the redaction walk on every request
    logger[level](message, redact(fields, token ? [token] : []) as LogFields);
  };

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      clock.at(clock.now() + ms, resolve);
    });

  async function call<T>(spec: CallSpec<T>): Promise<{ data: T; sentAtMs: number; token: string }> {
    if (!base.ok) {
      log('error', 'service request not sent: invalid base URL', { endpoint: spec.endpoint });
      throw scrubbedServiceError('invalid-request', { method: spec.method, detail: base.reason });
    }
    const url = urlOf(base.baseUrl, spec.endpoint);
    let href = url.href;
    if (spec.query) href = `${href}?${new URLSearchParams(spec.query).toString()}`;
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const maxAttempts = 1 + getRetries;
    const listCall = spec.endpoint === 'chain' || spec.endpoint === 'asset';
    const deadline = listCall ? clock.now() + (options.listDeadlineMs ?? Infinity) : Infinity;

    for (let attempt = 1; ; attempt += 1) {
      const token = readToken(options.getToken);
      if (token === undefined) {
        log('error', 'service request not sent: no usable API token', { endpoint: spec.endpoint });
        throw scrubbedServiceError('invalid-token', { method: spec.method });
      }
      if (!boundTo(url.origin)) {
        log('error', 'service request not sent: the API token was saved for another origin', {
          endpoint: spec.endpoint,
        });
        throw scrubbedServiceError('invalid-request', {
          method: spec.method,
          detail: ADDRESS_CHANGED,
        });
      }
      const sentAtMs = clock.now();
      const outcome = await send(
        { method: spec.method, url: href, token, body },
        deadline - sentAtMs,
      );
      const result = await spec.read(outcome);
      options.onExchange?.(
        result.ok
          ? { ok: true, durationMs: clock.now() - sentAtMs, atMs: clock.now() }
          : { ok: false, kind: result.kind, atMs: clock.now() },
      );
      if (result.ok) {
        if (logging) {
          log(
            'info',
            'service request ok',
            {
              endpoint: spec.endpoint,
              method: spec.method,
              attempt,
              durationMs: clock.now() - sentAtMs,
              httpStatus: result.status,
            },
            token,
          );
        }
        return { data: result.data, sentAtMs, token };
      }
      const facts = {
        endpoint: spec.endpoint,
        method: spec.method,
        attempt,
        durationMs: clock.now() - sentAtMs,
      };
      const failureFacts = {
        ...facts,
        kind: result.kind,
        httpStatus: result.facts.httpStatus,
        serviceCode: result.facts.serviceCode,
        networkCode: result.networkCode,
      };
      // A POST is sent again only when it never left: no connection was ever made.
      const safeToRepeat = spec.method === 'GET' || result.kind === 'no-connection';
      const delayMs = backoffMs * 2 ** (attempt - 1);
      if (
        safeToRepeat &&
        result.retryable &&
        attempt < maxAttempts &&
        clock.now() + delayMs < deadline
      ) {
        log('warn', 'service request failed, retrying', { ...failureFacts, delayMs }, token);
        await wait(delayMs);
        continue;
      }
      log(
        'error',
        'service request failed',
        { ...failureFacts, serviceMessage: result.facts.serviceMessage },
        token,
      );
      throw scrubbedServiceError(
        result.kind,
        { ...result.facts, method: spec.method, attempts: attempt },
        token,
      );
    }
  }

  return {
    async listChains() {
      return (
        await call({
          endpoint: 'chain',
          method: 'GET',
          read: (outcome) => readListOutcome(outcome, 'GET', chainSchema),
        })
      ).data;
    },

    async listAssets(chainId) {
      const id = chainIdParamSchema.safeParse(chainId);
      if (!id.success)
        throw scrubbedServiceError('invalid-request', {
          method: 'GET',
          detail: 'The chain id must be digits.',
        });
      return (
        await call({
          endpoint: 'asset',
          method: 'GET',
          read: (outcome) => readListOutcome(outcome, 'GET', assetSchema),
          query: { chain_id: id.data },
        })
      ).data;
    },

    async createPaymentLink(request, asset) {
      const valid = validateQrRequest(request, asset);
      if (!valid.ok)
        throw scrubbedServiceError('invalid-request', { method: 'POST', detail: valid.reason });
      const { data, sentAtMs, token } = await call({
        endpoint: 'generate_qr',
        method: 'POST',
        read: (outcome) => readOutcome(outcome, 'POST', paymentLinkResultSchema),
        body: valid.value,
      });
      const checked = checkLinkResult(data, {
        request: valid.value,
        asset,
        sentAtMs,
        serviceTimeZone,
        allowLoopbackHttp,
        allowedHosts: options.allowedWalletHosts?.() ?? [],
      });
      if (!checked.ok) {
        log(
          'error',
          'payment link refused',
          { endpoint: 'generate_qr', orderId: valid.value.order_id, reason: checked.reason },
          token,
        );
        throw scrubbedServiceError(
          'link-check-failed',
          { method: 'POST', detail: checked.reason },
          token,
        );
      }
      return checked.link;
    },

    async submitNfcPayment(request) {
      const valid = validateNfcRequest(request);
      if (!valid.ok)
        throw scrubbedServiceError('invalid-request', { method: 'POST', detail: valid.reason });
      return (
        await call({
          endpoint: 'generate_nfc',
          method: 'POST',
          read: (outcome) => readOutcome(outcome, 'POST', nfcPaymentResultSchema),
          body: valid.value,
        })
      ).data;
    },
  };
}
