import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

const artifacts = join(import.meta.dirname, '../../test-artifacts/bench');

/**
 * A sampling CPU profile of one page through Chromium's DevTools protocol, for finding what
 * a slow sale spends its time on. stop() writes `<name>.cpuprofile` (open it in DevTools'
 * Performance panel) and answers a few lines: the functions with the most self time.
 */
export async function startCpuProfile(
  page: Page,
  name: string,
): Promise<{ stop(): Promise<string> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      await cdp.detach();
      mkdirSync(artifacts, { recursive: true });
      const file = join(artifacts, `${name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      return `${name} (${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms profiled, ${file}):\n${topSelfTime(profile)}`;
    },
  };
}

/** Self time per function (ms), busiest first, from the samples and their time deltas. */
function topSelfTime(profile: Profile, count = 12): string {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1) {
    const node = byNode.get(samples[i] as number);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `  ${ms.toFixed(1).padStart(7)} ms  ${key}`)
    .join('\n');
}
