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
  it("asks for the fresh list in the page's first idle moment, the saved one only if the fresh has not answered by the next frame", async () => {
    const idle: (() => void)[] = [];
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => frames.push(run));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const runAll = (queue: (() => void)[]) =>
      act(async () => {
        for (const run of queue.splice(0)) run();
        // afterPaint's task after the frame.
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    try {
      // Main has the fresh list at hand: no saved list is asked for.
      const ready = installFakePos();
      ready.handle('listChains', () => chains());
      ready.handle('savedChains', () => chains());
      const first = renderHook(() => useChainList(new CatalogueMemory(), 'demo'));
      await act(async () => undefined);
      expect(ready.calls).toEqual([]);
      await runAll(idle);
      expect(ready.calls.map((call) => call.name)).toEqual(['listChains']);
      await runAll(frames);
      await waitFor(() => expect(first.result.current.items).toEqual(chains()));
      expect(ready.calls.map((call) => call.name)).toEqual(['listChains']);
      first.unmount();

      // The service has not answered by the next frame: the saved list is shown meanwhile.
      const slow = installFakePos();
      const fresh = held<ChainView[]>();
      slow.handle('listChains', () => fresh.promise);
      slow.handle('savedChains', () => chains());
      const second = renderHook(() => useChainList(new CatalogueMemory(), 'demo'));
      await act(async () => undefined);
      await runAll(idle);
      await runAll(frames);
      expect(slow.calls.map((call) => call.name)).toEqual(['listChains', 'savedChains']);
      await waitFor(() => expect(second.result.current.items).toEqual(chains()));
    } finally {
      cleanup();
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
