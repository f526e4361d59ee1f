/**
 * `npm run hash-pin`: IT types a manager's PIN and gets the hash for the policy's
 * `provisionedManagers`. The PIN comes from stdin, never from the command line, so it stays
 * out of shell history and process lists; at a terminal it is not echoed.
 *   echo 4821 | npm run --silent hash-pin      or      npm run --silent hash-pin (then type)
 */
import { PIN_PATTERN } from '../../shared/staff';
import { hashPin } from './pin-hash';

async function readPiped(): Promise<string> {
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
}

/** One line from the terminal with echo off (raw mode); Ctrl+C gives up. */
function readHidden(): Promise<string> {
  const input = process.stdin;
  process.stderr.write('PIN (4 to 8 digits, not shown): ');
  input.setRawMode(true);
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (finish: () => void) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      finish();
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return done(() => resolve(typed));
        if (character === '\u0003') return done(() => reject(new Error('cancelled')));
        if (character === '\u007f' || character === '\b') typed = typed.slice(0, -1);
        else typed += character;
      }
    };
    input.on('data', onData);
    input.resume();
  });
}

async function main(): Promise<void> {
  const typed = process.stdin.isTTY ? await readHidden() : await readPiped();
  const pin = typed.trim();
  if (!PIN_PATTERN.test(pin)) {
    process.stderr.write('A PIN is 4 to 8 digits. Nothing was hashed.\n');
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`${await hashPin(pin)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `hash-pin failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
