/**
 * The service's base URL (docs/payment-service.md: Base URL). It is set per installation, so it is checked
 * where it is typed and again where it is used: https only, except loopback http for the
 * built-in sandbox; it ends in /v1/cf-payment; no query, fragment or credentials.
 */

export type BaseUrlCheck =
  { ok: true; baseUrl: string; loopback: boolean } | { ok: false; reason: string };

export type ServiceEndpoint = 'chain' | 'asset' | 'generate_qr' | 'generate_nfc';

/** The path segments every base URL ends with (API 9.1). */
const BASE_PATH_SUFFIX = '/v1/cf-payment';

/** Loopback names the sandbox uses (docs/payment-service.md: Base URL). URL.hostname writes IPv6 in brackets. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', '::1', 'localhost']);

/** True for 127.0.0.1, ::1 (bracketed or not) and localhost, in any letter case. */
export function isLoopbackHost(hostname: string): boolean {
  return typeof hostname === 'string' && LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

/**
 * Checks and normalises a base URL typed by IT. The result has no trailing slash, a
 * lower-case host and no default port ("HTTPS://Pay.Example.com:443/v1/cf-payment/" ->
 * "https://pay.example.com/v1/cf-payment"). Never throws.
 */
export function normaliseBaseUrl(text: string): BaseUrlCheck {
  if (typeof text !== 'string' || text.trim() === '')
    return { ok: false, reason: 'The service address is empty.' };
  const trimmed = text.trim();
  if (trimmed.length > 2000) return { ok: false, reason: 'The service address is too long.' };
  if (!/^[\x21-\x7e]+$/.test(trimmed)) {
    return {
      ok: false,
      reason:
        'The service address must not contain spaces, control characters or non-ASCII characters.',
    };
  }

  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return {
      ok: false,
      reason: 'The service address is not a valid web address (it should start with https://).',
    };
  }

  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol === 'http:' && !loopback) {
    return {
      ok: false,
      reason:
        'The service address must use https:// (plain http is only allowed for this computer).',
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: 'The service address must start with https://.' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'The service address must not contain a user name or password.' };
  }
  // A bare "?" or "#" leaves search/hash empty, so look at the text as well.
  if (url.search !== '' || trimmed.includes('?')) {
    return {
      ok: false,
      reason: 'The service address must not contain a query (the part after "?").',
    };
  }
  if (url.hash !== '' || trimmed.includes('#')) {
    return { ok: false, reason: 'The service address must not contain a "#" part.' };
  }

  const path = url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
  if (!path.endsWith(BASE_PATH_SUFFIX)) {
    return { ok: false, reason: `The service address must end with ${BASE_PATH_SUFFIX}.` };
  }
  return { ok: true, baseUrl: `${url.origin}${path}`, loopback };
}

/** The URL of one endpoint under a (normalised) base URL; a trailing slash on the base is tolerated. */
export function endpointUrl(baseUrl: string, endpoint: ServiceEndpoint): string {
  return `${baseUrl.replace(/\/+$/, '')}/${endpoint}`;
}
