import { readFileSync } from 'node:fs';

/**
 * CPU time the hypervisor took from this VM ("steal", /proc/stat) while a benchmark ran.
 * On a shared virtual machine a few percent of steal comes in bursts that stall whichever
 * process holds the CPU, so a tail figure (p99 of 50 is the slowest sale) is read beside it.
 * Null where /proc/stat does not exist (Windows, macOS).
 */
export interface CpuTimes {
  steal: number;
  total: number;
}

export function readCpuTimes(): CpuTimes | null {
  try {
    return parseCpuTimes(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** The machine-wide "cpu" line of /proc/stat's text; null if it is not there or not numbers. */
export function parseCpuTimes(procStat: string): CpuTimes | null {
  const line = procStat.split('\n').find((candidate) => /^cpu\s/.test(candidate));
  if (!line) return null;
  // cpu  user nice system idle iowait irq softirq steal guest guest_nice (clock ticks)
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (ticks.length < 8 || ticks.some((tick) => !Number.isFinite(tick))) return null;
  return { steal: ticks[7]!, total: ticks.reduce((sum, tick) => sum + tick, 0) };
}

/** "hypervisor steal 4.9% of CPU time", or null when either reading is missing. */
export function stealNote(before: CpuTimes | null, after: CpuTimes | null): string | null {
  if (!before || !after || after.total <= before.total) return null;
  const share = (after.steal - before.steal) / (after.total - before.total);
  return `hypervisor steal ${(share * 100).toFixed(1)}% of CPU time`;
}
