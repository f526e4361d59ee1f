import { isLoopbackHost } from './base-url';
import { checkAmount } from './money';

/**
 * The check a generate_qr link must pass before it is shown as a QR code (docs/payment-service.md:
 * Payment link). The customer's wallet opens this URL, so it is treated as hostile input: a link
 * that fails is never shown and the sale records the reason.
 */

export interface LinkExpectation {
  /** The order_id we sent. */
  orderId: string;
  /** The chain_id we sent, as decimal digits. */
  chainId: string;
  /** The selected asset's `decimal`. */
  decimals: number;
  /**
   * The built-in sandbox's links: http: to a loopback address with a port. Never for other
   * hosts, and only in demo mode.
   */
  allowLoopbackHttp: boolean;
  /**
   * IT's allowed wallet hosts (lower-case "host" or "host:port"); empty: any public DNS name.
   * A port or an IP address is accepted only when listed exactly.
   */
  allowedHosts?: readonly string[];
}

export type LinkCheck =
  | {
      ok: true;
      /** The link in its one canonical (WHATWG) form: what the QR encodes and the journal keeps. */
      href: string;
      amount: string;
      contractAddress: string;
      currencyAddress: string;
    }
  | { ok: false; reason: string };

/** Longer than this cannot be scanned reliably as a QR code and is not a real payment link. */
const MAX_LINK_LENGTH = 2048;

/** Every query parameter of the documented qr_url shape; each must appear exactly once. */
const REQUIRED_PARAMS = [
  'order_id',
  'contract_address',
  'currency_address',
  'transaction_amount',
  'act',
  'chain_id',
  'decimal',
] as const;

/** Addresses differ by chain (0x..., base58, "0x2::sui::SUI"); we only refuse junk. */
const ADDRESS = /^[A-Za-z0-9:._-]{1,256}$/;

/**
 * Extra query parameters are allowed (a service may add some later); the documented ones
 * must each appear exactly once, because a wallet reading the other copy would see a
 * different order or amount than the one we checked. Never throws.
 */
export function checkPaymentLink(qrUrl: string, expected: LinkExpectation): LinkCheck {
  const fail = (reason: string): LinkCheck => ({
    ok: false,
    reason: `The payment link was refused: ${reason}`,
  });

  if (typeof qrUrl !== 'string' || qrUrl === '') return fail('it is empty.');
  if (qrUrl.length > MAX_LINK_LENGTH) return fail('it is too long.');
  // The QR code holds the raw text; the URL parser drops tabs, newlines and outer spaces,
  // so a link with any of them would mean something else to the wallet than to us.
  // Non-ASCII is refused too: look-alike letters in a host name are a phishing trick.
  if (!/^[\x21-\x7e]+$/.test(qrUrl))
    return fail('it contains spaces, control characters or non-ASCII characters.');

  // A wallet or a QR reader may read a backslash, a missing "//" or a case-varied scheme
  // differently from the URL parser: only the one plain form is shown.
  if (qrUrl.includes('\\')) return fail('it contains a backslash.');
  const loopbackHttp = expected.allowLoopbackHttp && qrUrl.startsWith('http://');
  if (!qrUrl.startsWith('https://') && !loopbackHttp)
    return fail('it does not start with https://.');

  let url: URL;
  try {
    url = new URL(qrUrl);
  } catch {
    return fail('it is not a valid web address.');
  }
  if (loopbackHttp && !isLoopbackHost(url.hostname)) return fail('it does not use https.');
  if (
    url.username !== '' ||
    url.password !== '' ||
    qrUrl.slice(0, qrUrl.indexOf('/', 8)).includes('@')
  )
    return fail('it contains a user name or password.');
  if (url.hash !== '' || qrUrl.includes('#')) return fail('it has an unexpected "#" part.');
  const hostProblem = loopbackHttp ? null : walletHostProblem(url, expected.allowedHosts ?? []);
  if (hostProblem) return fail(hostProblem);
  // The QR shows the canonical form; any other difference than the case of a %-escape
  // means the service sent something a wallet could read another way.
  if (percentCaseFolded(url.href) !== percentCaseFolded(qrUrl))
    return fail('it is not written in its plain form.');
  if (!url.pathname.endsWith('/qr-scan'))
    return fail('it does not lead to the wallet payment page (/qr-scan).');

  const params = new URLSearchParams(url.search);
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (seen.has(name)) return fail(`it has ${quote(name)} more than once.`);
    seen.add(name);
    const lower = name.toLowerCase();
    if (lower !== name && (REQUIRED_PARAMS as readonly string[]).includes(lower))
      return fail(`it spells ${quote(name)} in another letter case.`);
  }
  const values: Partial<Record<(typeof REQUIRED_PARAMS)[number], string>> = {};
  for (const name of REQUIRED_PARAMS) {
    const all = params.getAll(name);
    if (all.length === 0) return fail(`it has no ${name}.`);
    if (all.length > 1) return fail(`it has ${name} more than once.`);
    values[name] = all[0];
  }
  const {
    order_id,
    contract_address,
    currency_address,
    transaction_amount,
    act,
    chain_id,
    decimal,
  } = values as Record<(typeof REQUIRED_PARAMS)[number], string>;

  if (order_id !== expected.orderId) {
    return fail(
      `it is for a different order (${quote(order_id)} instead of ${quote(expected.orderId)}).`,
    );
  }
  if (chain_id !== expected.chainId) {
    return fail(
      `it is for a different blockchain (chain ${quote(chain_id)} instead of ${quote(expected.chainId)}).`,
    );
  }
  if (act !== 'DEPOSIT') return fail(`it asks for ${quote(act)} instead of a deposit.`);
  if (decimal !== String(expected.decimals)) {
    return fail(`it gives the asset ${quote(decimal)} decimals instead of ${expected.decimals}.`);
  }
  const amount = checkAmount(transaction_amount, expected.decimals);
  if (!amount.ok)
    return fail(`its amount ${quote(transaction_amount)} is not valid. ${amount.reason}`);
  if (!ADDRESS.test(contract_address)) return fail('its contract address is missing or malformed.');
  if (!ADDRESS.test(currency_address)) return fail('its currency address is missing or malformed.');

  return {
    ok: true,
    href: url.href,
    amount: amount.value,
    contractAddress: contract_address,
    currencyAddress: currency_address,
  };
}

/** A DNS name of letters, digits and hyphens, as a wallet host is; no IDN, no IP address. */
const PLAIN_HOST = /^(?!-)[a-z0-9-]{1,63}(?<!-)(?:\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;
const IPV4_LITERAL = /^\d+\.\d+\.\d+\.\d+$/;

/** Why the link's host may not be shown, or null. */
function walletHostProblem(url: URL, allowedHosts: readonly string[]): string | null {
  const listed = allowedHosts.includes(url.host);
  if (allowedHosts.length > 0 && !listed)
    return `its host ${quote(url.host)} is not one IT allows for payment links.`;
  if (listed) return null;
  if (url.port !== '') return 'it names a port.';
  if (url.hostname.startsWith('[') || IPV4_LITERAL.test(url.hostname))
    return 'it names an IP address instead of a host name.';
  if (url.hostname.split('.').some((label) => label.startsWith('xn--')))
    return 'its host name uses international (punycode) letters.';
  if (!PLAIN_HOST.test(url.hostname)) return 'its host name is not a plain DNS name.';
  return null;
}

/** %2f and %2F are the same byte: compared with the escapes upper-cased. */
function percentCaseFolded(text: string): string {
  return text.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());
}

function quote(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
}
