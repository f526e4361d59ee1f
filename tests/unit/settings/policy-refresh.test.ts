import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../shared/settings';
import { createJsonLinesLogger } from '../../../electron/logging/logger';
import { loadManagedPolicy } from '../../../electron/settings/managed-policy-loader';
import { createMemorySettingsStore } from '../../../electron/settings/local-settings-store';
import { refreshPolicy } from '../../../electron/settings/policy-refresh';
import { createSettingsService } from '../../../electron/settings/settings-service';
import { ManualClock } from '../../support/manual-clock';

const policyWith = (shopName: string) =>
  loadManagedPolicy({
    path: 'policy.json',
    readFile: () => JSON.stringify({ settings: { shopName }, locked: ['shopName'] }),
  });

describe('IT policy changed while the till runs', () => {
  it('is read again every minute and applied when it changed, and only then', () => {
    const clock = new ManualClock();
    const initial = policyWith('Before');
    const settings = createSettingsService({
      store: createMemorySettingsStore(),
      defaults: defaultSettings({ reportTimeZone: 'UTC' }),
      policy: initial,
    });
    const changes: string[] = [];
    settings.onChange((current) => changes.push(current.values.shopName));
    let served = initial;
    let reads = 0;
    const lines: string[] = [];
    const stop = refreshPolicy({
      settings,
      initial,
      load: () => {
        reads += 1;
        return served;
      },
      clock,
      logger: createJsonLinesLogger({ write: (line) => lines.push(line) }),
    });

    clock.advance(60_000);
    expect(reads).toBe(1);
    expect(changes).toEqual([]);

    served = policyWith('After');
    clock.advance(59_999);
    expect(settings.current().values.shopName).toBe('Before');
    clock.advance(1);
    expect(settings.current().values.shopName).toBe('After');
    expect(changes).toEqual(['After']);
    expect(lines.join('\n')).toContain('changed while running');

    stop();
    served = policyWith('Later');
    clock.advance(600_000);
    expect(reads).toBe(2);
    expect(settings.current().values.shopName).toBe('After');
  });
});
