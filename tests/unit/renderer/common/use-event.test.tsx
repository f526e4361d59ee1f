// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useEvent } from '../../../../renderer/common/use-event';
import { FakeEventApi } from './fake-event-api';

afterEach(cleanup);

function TickText({ api }: { api: FakeEventApi }) {
  const tick = useEvent(api, 'clock-tick', null);
  return <p data-testid="tick">{tick === null ? 'none' : String(tick.nowMs)}</p>;
}

function UrgentTickText({ api }: { api: FakeEventApi }) {
  const tick = useEvent(api, 'clock-tick', null, { urgent: true });
  return <p data-testid="tick">{tick === null ? 'none' : String(tick.nowMs)}</p>;
}

describe('useEvent', () => {
  it('shows the initial value, then every new payload', () => {
    const api = new FakeEventApi();
    render(<TickText api={api} />);
    expect(screen.getByTestId('tick').textContent).toBe('none');
    act(() => api.emit('clock-tick', { nowMs: 1000 }));
    expect(screen.getByTestId('tick').textContent).toBe('1000');
    act(() => api.emit('clock-tick', { nowMs: 2000 }));
    expect(screen.getByTestId('tick').textContent).toBe('2000');
  });

  it('starts from the latest value the bridge delivers on subscribing', () => {
    const api = new FakeEventApi();
    api.emit('clock-tick', { nowMs: 42 });
    render(<TickText api={api} />);
    expect(screen.getByTestId('tick').textContent).toBe('42');
  });

  it('unsubscribes when the component goes away', () => {
    const api = new FakeEventApi();
    const view = render(<TickText api={api} />);
    expect(api.listenerCount('clock-tick')).toBe(1);
    view.unmount();
    expect(api.listenerCount('clock-tick')).toBe(0);
  });

  it('urgent: a new payload is in the DOM when the delivering call returns, with no scheduler turn', () => {
    const api = new FakeEventApi();
    api.emit('clock-tick', { nowMs: 7 });
    // The latest value arrives during the subscription (inside an effect): no flushSync there.
    render(<UrgentTickText api={api} />);
    expect(screen.getByTestId('tick').textContent).toBe('7');
    // Outside act(), as a real EventSource message would: React would defer a plain update.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean })
      .IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      api.emit('clock-tick', { nowMs: 8 });
      expect(screen.getByTestId('tick').textContent).toBe('8');
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT =
        actEnvironment;
    }
  });
});
