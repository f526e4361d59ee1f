import { z } from 'zod';
import type { ServiceErrorKind } from '../../shared/service-errors';
import { envelopeSchema, isFailureEnvelope, looseEnvelopeSchema } from '../../shared/wire/envelope';
import type { FailureFacts, HttpMethod } from './failure-messages';
import type { ExchangeOutcome } from './exchange';
import { parseListInChunks } from './parse-list-in-chunks';

export type ReadResult<T> =
  | { ok: true; data: T; status: number }
  | {
      ok: false;
      kind: ServiceErrorKind;
      facts: Omit<FailureFacts, 'method' | 'attempts'>;
      /** Whether sending the same GET again could help (never consulted for POST). */
      retryable: boolean;
      /** A network code, for the log only. */
      networkCode?: string;
    };

/** Statuses that say "try later" rather than "this request is wrong". */
function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429;
}

/**
 * Turns one exchange into data or a classified failure (docs/payment-service.md: Errors — classify by what
 * is certain). Order matters: 401/403 wins over any body; then the body must be JSON and
 * the envelope; a failure envelope is 'rejected' with the service's msg; only then is
 * `data` checked against the endpoint's schema.
 */
export function readOutcome<T>(
  outcome: ExchangeOutcome,
  method: HttpMethod,
  dataSchema: z.ZodType<T>,
): ReadResult<T> {
  const post = method === 'POST';
  switch (outcome.type) {
    case 'timeout':
      return post
        ? {
            ok: false,
            kind: 'outcome-unknown',
            facts: { detail: 'no answer in time' },
            retryable: false,
          }
        : { ok: false, kind: 'timeout', facts: {}, retryable: true };
    case 'not-connected':
      return {
        ok: false,
        kind: 'no-connection',
        facts: {},
        retryable: true,
        networkCode: outcome.code,
      };
    case 'interrupted':
      return post
        ? {
            ok: false,
            kind: 'outcome-unknown',
            facts: { detail: 'connection lost' },
            retryable: false,
            ...(outcome.code ? { networkCode: outcome.code } : {}),
          }
        : {
            ok: false,
            kind: 'no-connection',
            facts: {},
            retryable: true,
            ...(outcome.code ? { networkCode: outcome.code } : {}),
          };
    case 'unreadable':
      if (outcome.status === 401 || outcome.status === 403) {
        return {
          ok: false,
          kind: 'invalid-token',
          facts: { httpStatus: outcome.status },
          retryable: false,
        };
      }
      return {
        ok: false,
        kind: 'bad-response',
        facts: {
          httpStatus: outcome.status,
          detail: outcome.reason === 'too-large' ? 'answer too large' : 'answer is not UTF-8 text',
        },
        retryable: false,
      };
    case 'response':
      return readResponse(outcome.status, outcome.text, dataSchema);
  }
}

/**
 * A list's envelope, its items not read yet (readListOutcome checks them in chunks). Only
 * "is an array": z.array(z.unknown()) would copy all 10 000 items in one go, on the task
 * that already parsed the JSON.
 */
const anyListSchema = z.custom<unknown[]>((data) => Array.isArray(data));

/**
 * readOutcome for a list endpoint (chains, assets): the same classification, then the items
 * checked against `itemSchema` in chunks that yield to main's event loop (a 10 000-chain
 * answer is tens of milliseconds of checking). As strict as checking the array at once: one
 * bad item makes the whole answer 'bad-response', "data has the wrong shape".
 */
export async function readListOutcome<T>(
  outcome: ExchangeOutcome,
  method: HttpMethod,
  itemSchema: z.ZodType<T>,
): Promise<ReadResult<T[]>> {
  const read = readOutcome(outcome, method, anyListSchema);
  if (!read.ok) return read;
  const parsed = await parseListInChunks(read.data, itemSchema);
  if (parsed.ok) return { ok: true, data: parsed.items, status: read.status };
  return wrongShape(read.status);
}

function wrongShape(status: number): ReadResult<never> {
  return {
    ok: false,
    kind: 'bad-response',
    facts: { httpStatus: status, detail: 'data has the wrong shape' },
    retryable: false,
  };
}

/** envelopeSchema(data) per data schema, built once: the success path parses in one pass. */
const wholeEnvelopes = new WeakMap<z.ZodType, z.ZodType>();

function wholeEnvelopeOf<T>(
  dataSchema: z.ZodType<T>,
): z.ZodType<{ data: T; errors: unknown[]; msg: string; error_code: string }> {
  let schema = wholeEnvelopes.get(dataSchema);
  if (!schema) wholeEnvelopes.set(dataSchema, (schema = envelopeSchema(dataSchema)));
  return schema as z.ZodType<{ data: T; errors: unknown[]; msg: string; error_code: string }>;
}

function readResponse<T>(status: number, text: string, dataSchema: z.ZodType<T>): ReadResult<T> {
  const json = parseJson(text);
  // The usual answer (2xx, success envelope, data of the right shape) is checked in one
  // pass: envelopeSchema(data) accepts exactly what the loose envelope and then the data
  // schema accept. Anything else takes the step-by-step reading below, which classifies it.
  if (status >= 200 && status <= 299 && json !== NOT_JSON) {
    const whole = wholeEnvelopeOf(dataSchema).safeParse(json);
    if (whole.success && !isFailureEnvelope(whole.data)) {
      return { ok: true, data: whole.data.data, status };
    }
  }
  const retryable = isRetryableStatus(status);
  const envelope = json === NOT_JSON ? undefined : looseEnvelope(json);
  if (status === 401 || status === 403) {
    return {
      ok: false,
      kind: 'invalid-token',
      facts: {
        httpStatus: status,
        ...(envelope && envelope.msg ? { serviceMessage: envelope.msg } : {}),
        ...(envelope && envelope.error_code ? { serviceCode: envelope.error_code } : {}),
      },
      retryable: false,
    };
  }
  if (!envelope) {
    const detail =
      status < 200 || status > 299
        ? `HTTP ${status}, not the JSON envelope`
        : 'not the JSON envelope';
    return { ok: false, kind: 'bad-response', facts: { httpStatus: status, detail }, retryable };
  }
  if (isFailureEnvelope(envelope)) {
    return {
      ok: false,
      kind: 'rejected',
      facts: { httpStatus: status, serviceMessage: envelope.msg, serviceCode: envelope.error_code },
      retryable,
    };
  }
  if (status < 200 || status > 299) {
    return {
      ok: false,
      kind: 'bad-response',
      facts: { httpStatus: status, detail: `HTTP ${status}` },
      retryable,
    };
  }
  const data = dataSchema.safeParse(envelope.data);
  if (!data.success) return wrongShape(status);
  return { ok: true, data: data.data, status };
}

const NOT_JSON: unique symbol = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function looseEnvelope(json: unknown) {
  const envelope = looseEnvelopeSchema.safeParse(json);
  return envelope.success ? envelope.data : undefined;
}
