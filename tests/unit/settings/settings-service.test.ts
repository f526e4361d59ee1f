import { describe, expect, it, vi } from 'vitest';
import { parseManagedPolicy } from '../../../shared/managed-policy';
import { defaultSettings } from '../../../shared/settings';
import {
  createMemorySettingsStore,
  type LocalSettingsStore,
} from '../../../electron/settings/local-settings-store';
import {
  createSettingsService,
  type ManagedPolicyLoad,
} from '../../../electron/settings/settings-service';

const defaults = defaultSettings({ reportTimeZone: 'UTC' });
const path = '/etc/counter-app/policy.json';
const noPolicy: ManagedPolicyLoad = { status: { kind: 'none', path } };

function managed(settings: Record<string, unknown>, locked: string[]): ManagedPolicyLoad {
  const parsed = parseManagedPolicy(JSON.stringify({ settings, locked }));
  if (!parsed.ok) throw new Error(parsed.problems.join(' '));
  return {
    status: {
      kind: 'applied',
      path,
      presetKeys: Object.keys(parsed.policy.settings) as never,
      lockedKeys: parsed.policy.locked,
    },
    policy: parsed.policy,
  };
}

describe('settings layers: default < managed preset < local < managed locked', () => {
  it('with nothing stored and no policy, every value is the default', () => {
    const service = createSettingsService({
      store: createMemorySettingsStore(),
      defaults,
      policy: noPolicy,
    });
    const current = service.current();
    expect(current.values).toEqual(defaults);
    expect(
      Object.values(current.keys).every((state) => state.source === 'default' && !state.locked),
    ).toBe(true);
    expect(current.policy).toEqual(noPolicy.status);
  });

  it('tells for each key where its value comes from', () => {
    const store = createMemorySettingsStore({
      currency: 'EUR',
      shopName: 'Local shop',
      serialNumber: 'LOCAL-1',
    });
    const policy = managed(
      { shopName: 'IT shop', feeValue: '1', serialNumber: 'IT-1', demoModeAllowed: false },
      ['serialNumber', 'demoModeAllowed'],
    );
    const current = createSettingsService({ store, defaults, policy }).current();
    expect(current.values).toMatchObject({
      currency: 'EUR', // local over default
      shopName: 'Local shop', // local over an unlocked preset
      feeValue: '1', // preset over default
      serialNumber: 'IT-1', // locked over local
      demoModeAllowed: false, // locked over default
      nfcAid: 'F0504F533235',
    });
    expect(current.keys.currency).toEqual({ source: 'local', locked: false });
    expect(current.keys.shopName).toEqual({ source: 'local', locked: false });
    expect(current.keys.feeValue).toEqual({ source: 'managed', locked: false });
    expect(current.keys.serialNumber).toEqual({ source: 'managed', locked: true });
    expect(current.keys.demoModeAllowed).toEqual({ source: 'managed', locked: true });
    expect(current.keys.nfcAid).toEqual({ source: 'default', locked: false });
  });

  it('an invalid policy changes nothing and is reported', () => {
    const policy: ManagedPolicyLoad = {
      status: { kind: 'invalid', path, problems: ['settings.currency: bad'] },
    };
    const current = createSettingsService({
      store: createMemorySettingsStore({ currency: 'EUR' }),
      defaults,
      policy,
    }).current();
    expect(current.values.currency).toBe('EUR');
    expect(current.keys.currency).toEqual({ source: 'local', locked: false });
    expect(current.policy).toEqual(policy.status);
  });

  it('ignores stored values that no longer pass, and says which', () => {
    const store = createMemorySettingsStore({
      currency: 'dollars',
      nfcAid: 'f0504f533235',
      futureKey: 1,
    });
    const current = createSettingsService({ store, defaults, policy: noPolicy }).current();
    expect(current.values.currency).toBe('USD');
    expect(current.keys.currency.source).toBe('default');
    expect(current.values.nfcAid).toBe('F0504F533235');
    expect(current.keys.nfcAid.source).toBe('local');
    expect(current.localProblems).toEqual([
      expect.stringMatching(/^The saved value of currency: .* It was ignored\.$/),
    ]);
    expect(current.values).not.toHaveProperty('futureKey');
  });
});

describe('settings writes', () => {
  it('checks, normalises, stores and announces a change', () => {
    const store = createMemorySettingsStore();
    const service = createSettingsService({ store, defaults, policy: noPolicy });
    const listener = vi.fn();
    service.onChange(listener);
    const result = service.update({ currency: 'eur', feeValue: '0.10' });
    expect(result).toMatchObject({
      ok: true,
      settings: { values: { currency: 'EUR', feeValue: '0.1' } },
    });
    expect(store.read()).toEqual({ currency: 'EUR', feeValue: '0.1' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(service.current().keys.currency).toEqual({ source: 'local', locked: false });
  });

  it('writes all keys or none', () => {
    const store = createMemorySettingsStore();
    const service = createSettingsService({ store, defaults, policy: noPolicy });
    const result = service.update({ currency: 'EUR', nfcAid: 'xyz', feeValue: '-1' });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'invalid',
        message: 'Nothing was saved.',
        problems: [expect.stringMatching(/^nfcAid: /), expect.stringMatching(/^feeValue: /)],
      },
    });
    expect(store.read()).toEqual({});
  });

  it('refuses locked keys with the typed error "managed", writing nothing', () => {
    const store = createMemorySettingsStore();
    const policy = managed({ serviceBaseUrl: 'https://pay.example.com/v1/cf-payment' }, [
      'serviceBaseUrl',
    ]);
    const service = createSettingsService({ store, defaults, policy });
    const result = service.update({ shopName: 'New', serviceBaseUrl: '' });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'managed', problems: ['serviceBaseUrl is locked by the managed policy.'] },
    });
    expect(store.read()).toEqual({});
    expect(service.reset(['serviceBaseUrl'])).toMatchObject({
      ok: false,
      error: { kind: 'managed' },
    });
  });

  it('refuses the keys only IT sets, even unlocked, and ignores them in the local store', () => {
    const store = createMemorySettingsStore();
    store.write({ updateFeedUrl: 'https://evil.example/feed', shopName: 'Corner' } as never);
    const policy = managed({ updateFeedUrl: 'https://updates.example.com/till' }, []);
    const service = createSettingsService({ store, defaults, policy });
    expect(service.current().values.updateFeedUrl).toBe('https://updates.example.com/till');
    expect(service.current().values.shopName).toBe('Corner');
    expect(service.current().localProblems.join(' ')).toContain('updateFeedUrl');
    for (const patch of [
      { updateFeedUrl: 'https://evil.example/feed' },
      { allowedWalletHosts: ['evil.example'] },
      { updateChannel: 'beta' },
    ]) {
      expect(service.update(patch)).toMatchObject({
        ok: false,
        error: {
          kind: 'managed',
          problems: [`${Object.keys(patch)[0]} is set by the managed policy only.`],
        },
      });
    }
    expect(service.reset(['updateFeedUrl'])).toMatchObject({
      ok: false,
      error: { kind: 'managed' },
    });
  });

  it('refuses the service address in a settings write or reset: it changes only with its token', () => {
    const store = createMemorySettingsStore({
      serviceBaseUrl: 'https://pay.example.com/v1/cf-payment',
    });
    const service = createSettingsService({ store, defaults, policy: noPolicy });
    const listener = vi.fn();
    service.onChange(listener);
    for (const result of [
      service.update({ shopName: 'New', serviceBaseUrl: 'https://evil.example/v1/cf-payment' }),
      service.update({ serviceBaseUrl: '' }),
      service.reset(['shopName', 'serviceBaseUrl']),
    ]) {
      expect(result).toMatchObject({
        ok: false,
        error: {
          kind: 'connection',
          problems: [
            expect.stringMatching(/together with its API token.*Settings → IT → Payment service/),
          ],
        },
      });
    }
    expect(store.read()).toEqual({ serviceBaseUrl: 'https://pay.example.com/v1/cf-payment' });
    expect(listener).not.toHaveBeenCalled();
  });

  it('saveServiceAddress (the connection change) writes the address, normalised, and announces it', () => {
    const service = createSettingsService({
      store: createMemorySettingsStore(),
      defaults,
      policy: noPolicy,
    });
    const changes: string[][] = [];
    service.onChange((_settings, changedKeys) => changes.push([...changedKeys]));
    expect(service.saveServiceAddress('HTTPS://Pay.Example.com:443/v1/cf-payment/')).toMatchObject({
      ok: true,
      settings: { values: { serviceBaseUrl: 'https://pay.example.com/v1/cf-payment' } },
    });
    expect(service.saveServiceAddress('')).toMatchObject({ ok: true });
    expect(service.saveServiceAddress('http://pay.example.com/v1/cf-payment')).toMatchObject({
      ok: false,
      error: { kind: 'invalid', problems: [expect.stringMatching(/https/)] },
    });
    expect(changes).toEqual([['serviceBaseUrl'], ['serviceBaseUrl']]);
  });

  it('saveServiceAddress refuses an address IT locked', () => {
    const store = createMemorySettingsStore();
    const policy = managed({ serviceBaseUrl: 'https://pay.example.com/v1/cf-payment' }, [
      'serviceBaseUrl',
    ]);
    const service = createSettingsService({ store, defaults, policy });
    expect(service.saveServiceAddress('https://other.example.com/v1/cf-payment')).toMatchObject({
      ok: false,
      error: { kind: 'managed' },
    });
    expect(store.read()).toEqual({});
  });

  it('lets the cashier override an unlocked preset', () => {
    const service = createSettingsService({
      store: createMemorySettingsStore(),
      defaults,
      policy: managed({ feeValue: '2' }, []),
    });
    expect(service.update({ feeValue: '3' })).toMatchObject({ ok: true });
    expect(service.current().values.feeValue).toBe('3');
    expect(service.current().keys.feeValue.source).toBe('local');
    expect(service.reset(['feeValue'])).toMatchObject({ ok: true });
    expect(service.current().values.feeValue).toBe('2');
    expect(service.current().keys.feeValue.source).toBe('managed');
  });

  it.each([
    ['not an object', 'currency=EUR'],
    ['null', null],
    ['an array', [['currency', 'EUR']]],
    ['an unknown key', { currency: 'EUR', token: 'secret' }],
    ['a prototype key', JSON.parse('{"__proto__":{"currency":"EUR"}}') as unknown],
  ])('refuses a patch that is %s', (_name, patch) => {
    const store = createMemorySettingsStore();
    const service = createSettingsService({ store, defaults, policy: noPolicy });
    expect(service.update(patch)).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(store.read()).toEqual({});
  });

  it('reports a failing disk as "storage"', () => {
    const store: LocalSettingsStore = {
      read: () => ({}),
      write: () => {
        throw new Error('EROFS: read-only file system');
      },
      remove: () => undefined,
    };
    const service = createSettingsService({ store, defaults, policy: noPolicy });
    expect(service.update({ shopName: 'A' })).toMatchObject({
      ok: false,
      error: { kind: 'storage', message: 'The settings could not be saved on this computer.' },
    });
  });

  it('a store that cannot be read leaves presets and defaults working', () => {
    const store: LocalSettingsStore = {
      read: () => {
        throw new Error('EIO');
      },
      write: () => undefined,
      remove: () => undefined,
    };
    const service = createSettingsService({
      store,
      defaults,
      policy: managed({ shopName: 'IT' }, []),
    });
    expect(service.current().values.shopName).toBe('IT');
  });

  it('replacePolicy swaps the whole policy and announces it', () => {
    const service = createSettingsService({
      store: createMemorySettingsStore(),
      defaults,
      policy: managed({ shopName: 'A' }, ['shopName']),
    });
    const listener = vi.fn();
    service.onChange(listener);
    const next = service.replacePolicy(managed({ currency: 'EUR' }, ['currency']));
    expect(next.values.shopName).toBe('');
    expect(next.keys.currency).toEqual({ source: 'managed', locked: true });
    expect(listener).toHaveBeenCalledWith(next, new Set(['shopName', 'currency']));
  });
});

describe('settings change events name the keys whose effective value changed', () => {
  function watched(policy: ManagedPolicyLoad = noPolicy, stored: Record<string, unknown> = {}) {
    const service = createSettingsService({
      store: createMemorySettingsStore(stored),
      defaults,
      policy,
    });
    const changes: string[][] = [];
    service.onChange((_settings, changedKeys) => changes.push([...changedKeys].sort()));
    return { service, changes };
  }

  it('a picker tap names only the chain and the asset it remembers', () => {
    const { service, changes } = watched();
    service.update({ lastChainId: '137', lastAsset: 'USDC' });
    service.update({ lastChainId: '137', lastAsset: 'USDT' });
    expect(changes).toEqual([['lastAsset', 'lastChainId'], ['lastAsset']]);
  });

  it('a write of the value already in effect names nothing, yet is still announced', () => {
    const { service, changes } = watched();
    service.update({ currency: 'usd', customerDisplay: { mode: 'auto' } });
    expect(changes).toEqual([[]]);
    expect(service.current().keys.currency.source).toBe('local');
  });

  it('compares object values by content', () => {
    const { service, changes } = watched(noPolicy, {
      customerDisplay: { mode: 'display', displayId: 2 },
    });
    service.update({ customerDisplay: { displayId: 2, mode: 'display' } });
    service.update({ customerDisplay: { mode: 'display', displayId: 3 } });
    expect(changes).toEqual([[], ['customerDisplay']]);
  });

  it('a reset names the keys whose preset or default differs from the value removed', () => {
    const { service, changes } = watched(managed({ feeValue: '2' }, []), {
      feeValue: '3',
      shopName: '',
      nfcAid: 'A0000000031010',
    });
    service.reset(['feeValue', 'shopName', 'nfcAid']);
    expect(changes).toEqual([['feeValue', 'nfcAid']]);
  });

  it('a new managed policy names what its presets and locks changed', () => {
    const { service, changes } = watched(managed({ serialNumber: 'IT-1' }, ['serialNumber']), {
      serviceBaseUrl: 'https://pay.example.com/v1/cf-payment',
      shopName: 'Local',
    });
    service.replacePolicy(
      managed({ serialNumber: 'IT-1', serviceBaseUrl: 'https://other.example.com/v1/cf-payment' }, [
        'serialNumber',
        'serviceBaseUrl',
      ]),
    );
    expect(changes).toEqual([['serviceBaseUrl']]);
  });

  it('a refused write announces nothing', () => {
    const { service, changes } = watched();
    service.update({ nfcAid: 'xyz' });
    expect(changes).toEqual([]);
  });
});
