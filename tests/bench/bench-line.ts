/**
 * One printed benchmark figure, always beside the floor it is compared with, measured in
 * the same run (DEVELOPERS: "Speed is measured, not asserted").
 */
export interface BenchLine {
  /** What was measured, e.g. "client generate_qr p99". */
  name: string;
  value: number;
  unit: string;
  /** What it is compared with, e.g. "bare fetch generate_qr p99"; for absolute goals, the goal itself. */
  floorName: string;
  floor: number;
  /** The goal in words, e.g. "ratio <= 1.10" or "< 1 ms". */
  goal: string;
  pass: boolean;
}

/** Percentile by nearest rank of an unsorted sample. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('percentile of an empty sample');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export function ratioLine(
  name: string,
  value: number,
  floorName: string,
  floor: number,
  unit: string,
  maxRatio: number,
): BenchLine {
  return {
    name,
    value,
    unit,
    floorName,
    floor,
    goal: `ratio <= ${maxRatio.toFixed(2)}`,
    pass: value <= floor * maxRatio,
  };
}

export function goalLine(name: string, value: number, unit: string, goalValue: number): BenchLine {
  return {
    name,
    value,
    unit,
    floorName: 'goal',
    floor: goalValue,
    goal: `< ${goalValue} ${unit}`,
    pass: value < goalValue,
  };
}
