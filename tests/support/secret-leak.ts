import { inspect } from 'node:util';

/**
 * Every way a thrown error or a log call could be turned into text, searched for `secret`:
 * util.inspect (all depths, hidden properties, getters), JSON.stringify, String(), and a
 * walk over every own property name and symbol (prototype chain excluded) down to the leaves.
 * Returns the places the secret was found; empty means clean.
 */
export function findSecret(value: unknown, secret: string): string[] {
  const found: string[] = [];
  const check = (where: string, text: unknown) => {
    if (typeof text === 'string' && text.includes(secret)) found.push(where);
  };
  check('inspect', inspect(value, { depth: Infinity, showHidden: true, getters: true }));
  try {
    check('JSON.stringify', JSON.stringify(value));
  } catch {
    // Cycles are reported by the walk below instead.
  }
  try {
    check('String()', String(value));
  } catch {
    // Objects without a toString.
  }
  walk(value, '$', new Set<unknown>(), check);
  return found;
}

function walk(
  value: unknown,
  path: string,
  seen: Set<unknown>,
  check: (where: string, text: unknown) => void,
): void {
  check(path, value);
  if (
    (typeof value !== 'object' && typeof value !== 'function') ||
    value === null ||
    seen.has(value)
  )
    return;
  seen.add(value);
  const keys: (string | symbol)[] = [
    ...Object.getOwnPropertyNames(value),
    ...Object.getOwnPropertySymbols(value),
  ];
  for (const key of keys) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (!descriptor) continue;
    let item: unknown = descriptor.value;
    if (descriptor.get) {
      try {
        item = descriptor.get.call(value);
      } catch {
        continue;
      }
    }
    walk(item, `${path}.${String(key)}`, seen, check);
  }
  // Getters defined on a class (e.g. ServiceError.kind) live on the prototype.
  const proto = Object.getPrototypeOf(value) as object | null;
  if (
    proto &&
    proto !== Object.prototype &&
    proto !== Error.prototype &&
    proto !== Function.prototype
  ) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, key);
      if (descriptor?.get) {
        try {
          walk(descriptor.get.call(value), `${path}.${key}`, seen, check);
        } catch {
          // A getter that throws reveals nothing.
        }
      }
    }
  }
}

/** A Logger that keeps every call, so tests can search what would have been written. */
export interface RecordedLog {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields?: Record<string, unknown>;
}

export function recordingLogger() {
  const calls: RecordedLog[] = [];
  const make =
    (level: RecordedLog['level']) => (message: string, fields?: Record<string, unknown>) => {
      calls.push(fields === undefined ? { level, message } : { level, message, fields });
    };
  return { calls, logger: { info: make('info'), warn: make('warn'), error: make('error') } };
}
