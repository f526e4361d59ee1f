import { describe, expect, it } from 'vitest';
import type { CustomerPhase } from '../../../../shared/ipc/views';
import { amountFontVh, screenFor } from '../../../../renderer/display/display-screen';
import { customerView, scanView } from './customer-views';

describe('screenFor', () => {
  it('welcomes with the shop name, or a neutral welcome when it is empty', () => {
    expect(screenFor(customerView({ shopName: 'Corner Café' }))).toEqual({
      kind: 'welcome',
      title: 'Corner Café',
      subtitle: 'Welcome',
    });
    expect(screenFor(customerView({ shopName: '   ' }))).toEqual({
      kind: 'welcome',
      title: 'Welcome',
      subtitle: '',
    });
    expect(screenFor(null)).toMatchObject({ kind: 'welcome', title: 'Welcome' });
  });

  it('shows the QR screen only when there is a link to show', () => {
    expect(screenFor(scanView())).toEqual({ kind: 'scan' });
    expect(screenFor(scanView({ qrUrl: null }))).toMatchObject({
      kind: 'progress',
      title: 'Preparing your payment',
    });
  });

  it.each<[CustomerPhase, string]>([
    ['preparing', 'progress'],
    ['tap', 'tap'],
    ['processing', 'progress'],
    ['paid', 'outcome'],
    ['expired', 'outcome'],
    ['cancelled', 'outcome'],
    ['declined', 'outcome'],
    ['problem', 'outcome'],
  ])('%s -> %s screen', (phase, kind) => {
    expect(screenFor(customerView({ phase })).kind).toBe(kind);
  });

  it('says every outcome in words with its own tone and icon, not by colour alone', () => {
    const outcomes = (['paid', 'expired', 'cancelled', 'declined', 'problem'] as const).map(
      (phase) => screenFor(customerView({ phase })),
    );
    expect(
      outcomes.map((screen) =>
        screen.kind === 'outcome' ? [screen.title, screen.tone, screen.icon] : null,
      ),
    ).toEqual([
      ['Payment received', 'success', 'check'],
      ['Time is up', 'warning', 'clock'],
      ['Payment cancelled', 'neutral', 'stop'],
      ['Payment declined', 'danger', 'cross'],
      ['One moment, please', 'neutral', 'wait'],
    ]);
  });

  it('never tells the customer a problem sale is paid or failed, and asks them not to pay again', () => {
    const problem = screenFor(customerView({ phase: 'problem' }));
    expect(problem.kind === 'outcome' ? problem.detail : '').toMatch(/do not pay again/);
    expect(JSON.stringify(problem)).not.toMatch(/received|declined|failed|error|problem/i);
    // Neutral: the till's trouble never shows in an alarming colour.
    expect(problem).toMatchObject({ tone: 'neutral' });
  });

  it('stays calm for a phase it does not know (a newer main)', () => {
    expect(screenFor(customerView({ phase: 'refunding' as CustomerPhase }))).toMatchObject({
      kind: 'progress',
      title: 'Please wait',
    });
  });
});

describe('amountFontVh', () => {
  it('shrinks the amount as it gets longer, but never to small print', () => {
    const sizes = [
      '5.00 ETH',
      '12 345.50 USDT',
      '1234.123456 USDT',
      '0.000000000000000001 ETH',
      '123456789.123456789012345678 WBTC',
    ].map(amountFontVh);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(sizes[0]).toBeGreaterThanOrEqual(10);
    expect(sizes.at(-1)).toBe(5);
    expect(new Set(sizes).size).toBeGreaterThan(3);
  });
});
