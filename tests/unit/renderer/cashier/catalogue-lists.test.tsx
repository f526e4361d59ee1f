// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChainView } from '../../../../shared/ipc/views';
import { CatalogueMemory } from '../../../../renderer/cashier/sale/start/catalogue-memory';
import { useChainList } from '../../../../renderer/cashier/sale/start/use-catalogue';
import { installFakePos } from './fake-pos';

afterEach(() => cleanup());

const chains = (): ChainView[] => [
  { chainId: '1', name: 'ETHEREUM' },
  { chainId: '56', name: 'BSC' },
];

/** A call's answer held until the test releases it. */
function held<T>() {
  let release: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('the chain list a picker shows', () => {
  it("asks for the fresh list in the page's first idle moment, the saved one only if the fresh has not answered 50 ms later", async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const idleMoment = () =>
      act(async () => {
        for (const run of idle.splice(0)) run();
      });
    const later = (ms: number) =>
      act(async () => {
        vi.advanceTimersByTime(ms);
      });
    try {
      // Main has the fresh list at hand: no saved list is asked for.
      const ready = installFakePos();
      ready.handle('listChains', () => chains());
      ready.handle('savedChains', () => chains());
      const first = renderHook(() => useChainList(new CatalogueMemory(), 'demo'));
      await act(async () => undefined);
      expect(ready.calls).toEqual([]);
      await idleMoment();
      expect(ready.calls.map((call) => call.name)).toEqual(['listChains']);
      expect(first.result.current.items).toEqual(chains());
      await later(1_000);
      expect(ready.calls.map((call) => call.name)).toEqual(['listChains']);
      first.unmount();

      // The service has not answered in 50 ms: the saved list is shown meanwhile.
      const slow = installFakePos();
      slow.handle('listChains', () => held<ChainView[]>().promise);
      slow.handle('savedChains', () => chains());
      const second = renderHook(() => useChainList(new CatalogueMemory(), 'demo'));
      await act(async () => undefined);
      await idleMoment();
      await later(49);
      expect(slow.calls.map((call) => call.name)).toEqual(['listChains']);
      await later(1);
      expect(slow.calls.map((call) => call.name)).toEqual(['listChains', 'savedChains']);
      expect(second.result.current.items).toEqual(chains());
      second.unmount();

      // The service refused at once: the saved list is asked for then, not 50 ms later.
      const refused = installFakePos();
      refused.answer('listChains', () =>
        Promise.resolve({
          ok: false as const,
          error: { kind: 'network' as const, message: 'The payment service could not be reached.' },
        }),
      );
      refused.handle('savedChains', () => chains());
      const third = renderHook(() => useChainList(new CatalogueMemory(), 'demo'));
      await act(async () => undefined);
      await idleMoment();
      expect(refused.calls.map((call) => call.name)).toEqual(['listChains', 'savedChains']);
      expect(third.result.current.items).toEqual(chains());
      await later(1_000);
      expect(refused.callsOf('savedChains')).toHaveLength(1);
    } finally {
      cleanup();
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it('asks for the fresh list before the saved one', async () => {
    const pos = installFakePos();
    pos.handle('listChains', () => held<ChainView[]>().promise);
    pos.handle('savedChains', () => chains());
    renderHook(() => useChainList(new CatalogueMemory(), 'demo'));
    await waitFor(() => expect(pos.calls.length).toBe(2));
    expect(pos.calls.map((call) => call.name)).toEqual(['listChains', 'savedChains']);
  });

  it('keeps the saved list as shown when the fresh one is the same: nothing renders again', async () => {
    const pos = installFakePos();
    const fresh = held<ChainView[]>();
    pos.handle('listChains', () => fresh.promise);
    pos.handle('savedChains', () => chains());
    const { result } = renderHook(() => useChainList(new CatalogueMemory(), 'demo'));
    await waitFor(() => expect(result.current.items).not.toBeNull());
    const shown = result.current.items;
    await act(async () => fresh.release(chains()));
    expect(pos.callsOf('listChains')).toHaveLength(1);
    expect(result.current.items).toBe(shown);

    // A different fresh list replaces it.
    const changed = [...chains(), { chainId: '137', name: 'POLYGON' }];
    pos.handle('listChains', () => changed);
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.items).toEqual(changed));
  });

  it('shows no saved list that comes after the fresh one', async () => {
    const pos = installFakePos();
    const saved = held<ChainView[]>();
    pos.handle('listChains', () => chains());
    pos.handle('savedChains', () => saved.promise);
    const { result } = renderHook(() => useChainList(new CatalogueMemory(), 'demo'));
    await waitFor(() => expect(result.current.items).toEqual(chains()));
    const shown = result.current.items;
    await act(async () => saved.release([{ chainId: '1', name: 'ETHEREUM (old)' }]));
    expect(result.current.items).toBe(shown);
    expect(result.current.saved).toBe(false);
  });
});
