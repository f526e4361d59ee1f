import { redact, redactText, REDACTED } from '../logging/redact';

/** What the till knows is secret when a diagnostics file is built (known-secrets.ts). */
export interface KnownSecrets {
  /** Exact texts masked wherever they appear: the API token, each PIN hash, its salt and key. */
  exact: readonly string[];
  /** Staff names, masked as whole words in any letter case. */
  names: readonly string[];
}

/** A PIN hash as pin-hash.ts writes it (`scrypt$N$r$p$salt$key`), or any start of one. */
const PIN_HASH = /scrypt\$[0-9A-Za-z+/=$]*/g;

/**
 * A web address carrying a payment link's documented query parameters
 * (shared/payment-link-check.ts), whole or cut short: the link a customer's wallet pays.
 */
const PAYMENT_LINK =
  /https?:\/\/[^\s"'<>`\\]*?[?&](?:order_id|contract_address|currency_address|transaction_amount)=[^\s"'<>`\\]*/gi;

export const PAYMENT_LINK_MASK = '[payment link]';

/**
 * The text V8 quotes in a JSON.parse failure (`Unexpected token 'A', ..."name":Ana Exampl"...
 * is not valid JSON`): from a broken policy file, a manager's name or the start of a PIN hash,
 * cut where no exact match finds it.
 */
const JSON_EXCERPT = /, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON/gs;

/** `problem` without the text V8 quotes from a JSON.parse failure; the fault stays. */
export function withoutJsonExcerpt(problem: string): string {
  return problem.replace(JSON_EXCERPT, ' is not valid JSON');
}

/** A name of one character names nobody, and masking it would shred every such word. */
const SHORTEST_MASKED_NAME = 2;
/** As redact's own rule: a shorter "secret" would shred ordinary words. */
const SHORTEST_MASKED_SECRET = 8;

/** How `text` appears inside a JSON string (a log line): quotes and backslashes escaped. */
function jsonEscaped(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** Escapes what a pattern reads as syntax (only those, as the u flag requires). */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** One alternation of `texts` as they are and as a JSON string holds them, longest first. */
function alternation(texts: Iterable<string>): string | null {
  const all = new Set<string>();
  for (const text of texts) {
    all.add(text);
    all.add(jsonEscaped(text));
  }
  if (all.size === 0) return null;
  return [...all]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
}

export interface BundleRedaction {
  /** A text with every known secret, PIN hash, payment link and staff name masked. */
  text(body: string): string;
  /** A deep copy of `value` fit for a JSON entry: redact's masks, then `text` on every string. */
  value(value: unknown): unknown;
  /** A log file: each JSON line masked field by field (so it stays JSON), other lines as text. */
  log(body: string): string;
}

/**
 * The last pass over everything a diagnostics file carries, on top of redact's own patterns
 * (the token format, bearer values, payment tokens, secret-named fields): the exact secrets and
 * names this till holds, any PIN hash, any payment link, and any text V8 quoted from JSON.
 */
export function bundleRedaction(known: KnownSecrets): BundleRedaction {
  const exactTexts = known.exact.filter((secret) => secret.length >= SHORTEST_MASKED_SECRET);
  const nameTexts = known.names
    .map((name) => name.normalize('NFC').trim())
    .filter((name) => [...name].length >= SHORTEST_MASKED_NAME);
  const exactAlternation = alternation(exactTexts);
  const nameAlternation = alternation(nameTexts);
  const exact = exactAlternation === null ? null : new RegExp(exactAlternation, 'g');
  const names =
    nameAlternation === null
      ? null
      : new RegExp(`(?<![\\p{L}\\p{N}])(?:${nameAlternation})(?![\\p{L}\\p{N}])`, 'giu');
  // Whether a log line may hold anything to mask: names anywhere, even inside a word (a name
  // after an escape such as \n reads as a whole word only once the line is parsed).
  const maybe = new RegExp(
    [exactAlternation, nameAlternation, PIN_HASH.source, PAYMENT_LINK.source, 'not valid JSON']
      .filter((source) => source !== null)
      .join('|'),
    'iu',
  );

  const text = (body: string): string => {
    // The exact secrets first, before a pattern could mask a part of one and leave the rest.
    const out = withoutJsonExcerpt(redactText(exact ? body.replace(exact, REDACTED) : body))
      .replace(PIN_HASH, REDACTED)
      .replace(PAYMENT_LINK, PAYMENT_LINK_MASK);
    return names ? out.replace(names, REDACTED) : out;
  };

  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return text(item);
    if (Array.isArray(item)) return item.map(walk);
    if (item === null || typeof item !== 'object') return item;
    return Object.fromEntries(Object.entries(item).map(([key, inner]) => [text(key), walk(inner)]));
  };
  const value = (item: unknown): unknown => walk(redact(item, exactTexts));

  const logLine = (line: string): string => {
    // Most lines were redacted when written and name nobody: they stay as they are.
    if (!maybe.test(line) && redactText(line) === line) return line;
    const parsed = jsonObjectOf(line);
    return parsed === undefined ? text(line) : JSON.stringify(walk(parsed));
  };
  const log = (body: string): string => body.split('\n').map(logLine).join('\n');

  return { text, value, log };
}

function jsonObjectOf(line: string): object | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(line);
    return parsed !== null && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}
