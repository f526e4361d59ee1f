// `npm run bench`: runs every tests/bench/*.bench.ts (or those named on the command line,
// e.g. `npm run bench -- journal`) and prints each figure beside its floor from the same run.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchLine } from './bench-line';
import { readCpuTimes, stealNote } from './machine-steal';

const benchDir = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(name)))
  .sort();

function format(value: number): string {
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toPrecision(3);
}

function print(line: BenchLine): void {
  const ratio = line.floor !== 0 ? ` ratio ${(line.value / line.floor).toFixed(2)}` : '';
  const verdict = line.pass ? 'MEETS' : 'MISSES';
  console.log(
    `${line.name}: ${format(line.value)} ${line.unit} | ${line.floorName}: ${format(line.floor)} ${line.unit}${ratio} | goal ${line.goal} | ${verdict}`,
  );
}

let missed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  const bench = (await import(pathToFileURL(join(benchDir, file)).href)) as {
    run: () => Promise<BenchLine[]>;
  };
  const before = readCpuTimes();
  const lines = await bench.run();
  const steal = stealNote(before, readCpuTimes());
  for (const line of lines) {
    print(line);
    if (!line.pass) missed += 1;
  }
  if (steal) console.log(`(machine while ${file} ran: ${steal})`);
}
console.log(`\n${files.length} benchmark files, ${missed} figures missed their goal`);
