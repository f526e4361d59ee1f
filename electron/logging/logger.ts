import type { Clock } from '../../shared/clock';
import { redact, redactText } from './redact';

export { redact, redactText, REDACTED } from './redact';

export type LogFields = Record<string, unknown>;

/** The logging port services take (docs/architecture.md: Services with ports). */
export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

type LogLevel = 'info' | 'warn' | 'error';

/** For tests and for callers that have nowhere to log. */
export const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export interface JsonLinesLoggerOptions {
  /** Where each finished line goes (without its newline). Default: stdout for info, stderr otherwise. */
  write?: (line: string, level: LogLevel) => void;
  clock?: Clock;
  /** Names the component, e.g. "service-client". */
  scope?: string;
}

/**
 * One JSON object per line, so logs can be grepped and parsed alike. Every message and
 * field passes through `redact`: a caller that forgets to mask a token still cannot leak it.
 */
export function createJsonLinesLogger(options: JsonLinesLoggerOptions = {}): Logger {
  const write = options.write ?? defaultWrite;
  const now = () => (options.clock ? options.clock.now() : Date.now());
  const log = (level: LogLevel, message: string, fields?: LogFields) => {
    const line: Record<string, unknown> = {
      time: new Date(now()).toISOString(),
      level,
      ...(options.scope ? { scope: options.scope } : {}),
      message: redactText(message),
    };
    if (fields) {
      const clean = redact(fields) as Record<string, unknown>;
      for (const [key, value] of Object.entries(clean)) {
        // The envelope keys above are not overwritten by a field of the same name.
        if (!(key in line)) line[key] = value;
      }
    }
    write(JSON.stringify(line), level);
  };
  return {
    info: (message, fields) => log('info', message, fields),
    warn: (message, fields) => log('warn', message, fields),
    error: (message, fields) => log('error', message, fields),
  };
}

function defaultWrite(line: string, level: LogLevel): void {
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}
