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

/** Where finished lines go: stdout, a log file, or both (`teeLines`). */
export type LineWriter = (line: string, level: LogLevel) => void;

/** For tests and for callers that have nowhere to log. */
export const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export interface JsonLinesLoggerOptions {
  /** Where each finished line goes (without its newline). Default: stdout for info, stderr otherwise. */
  write?: LineWriter;
  clock?: Clock;
  /** Names the component, e.g. "service-client". */
  scope?: string;
}

/**
 * One JSON object per line, so logs can be grepped and parsed alike. Every message and
 * field passes through `redact`: a caller that forgets to mask a token still cannot leak it.
 */
export function createJsonLinesLogger(options: JsonLinesLoggerOptions = {}): Logger {
  const write = options.write ?? writeToStdio;
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

/** The default writer: info lines to stdout, warn and error lines to stderr. */
export function writeToStdio(line: string, level: LogLevel): void {
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

/** Hands every line to each writer in turn, e.g. stdout and the log file. */
export function teeLines(...writers: LineWriter[]): LineWriter {
  return (line, level) => {
    for (const write of writers) write(line, level);
  };
}
