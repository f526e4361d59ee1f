import { describe, expect, it } from 'vitest';
import { parseCpuTimes, stealNote } from '../../bench/machine-steal';

const procStat = (steal: number, idle: number) =>
  `cpu  1000 10 300 ${idle} 50 0 5 ${steal} 0 0\ncpu0 500 5 150 ${idle / 2} 25 0 2 ${steal / 2} 0 0\nintr 123\n`;

describe('machine steal (bench helper)', () => {
  it('reads steal and the total of the machine-wide cpu line, not a per-core one', () => {
    expect(parseCpuTimes(procStat(40, 2000))).toEqual({
      steal: 40,
      total: 1000 + 10 + 300 + 2000 + 50 + 0 + 5 + 40,
    });
  });

  it('says what share of the CPU time between two readings the hypervisor took', () => {
    const before = parseCpuTimes(procStat(100, 1000));
    const after = parseCpuTimes(procStat(150, 1950)); // 1000 more ticks, 50 of them stolen
    expect(stealNote(before, after)).toBe('hypervisor steal 5.0% of CPU time');
  });

  it('stays silent without two usable readings', () => {
    expect(parseCpuTimes('intr 1 2 3\n')).toBeNull();
    expect(parseCpuTimes('cpu  1 2 three 4 5 6 7 8\n')).toBeNull();
    const reading = parseCpuTimes(procStat(1, 1));
    expect(stealNote(null, reading)).toBeNull();
    expect(stealNote(reading, reading)).toBeNull();
  });
});
