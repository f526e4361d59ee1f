import { useCallback, useEffect, useState } from 'react';
import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';
import { WAIT_SCREEN_DELAY_MS } from '../../../shared/sale/wait-screen';
import type { PageSettings } from '../../../shared/settings';
import { useLatestCallback } from '../../common/use-latest-callback';
import { callPos } from '../shell/pos';
import { startScreenKeys } from '../start-screen';
import { ActiveSale } from './active/active-sale';
import { useDueAfter } from './use-due-after';
import { StartSale } from './start/start-sale';

/**
 * No sale: amount, chain, asset. A sale: its link, its state and what the cashier may do.
 * While a sale asks the service for its link, the start form stays (disabled, Show QR
 * spinning) until the wait lasts WAIT_SCREEN_DELAY_MS: a quick answer goes straight to the
 * link, a slow one gets the screen that says what the till is waiting for.
 *
 * On an ended sale's screen, typing the next amount's first digit starts the next sale: the
 * keys typed until the start form is there become the start of its amount; so do the keys
 * typed into the start screen while the page loaded.
 */
export function SaleScreen({
  sale,
  settings,
}: {
  sale: SaleSnapshot | null;
  settings: PageSettings | null;
}) {
  const requesting = sale?.state === 'requesting' ? sale.orderId : null;
  const waitScreenDue = useDueAfter(requesting, WAIT_SCREEN_DELAY_MS);
  // Keys typed into the start screen (start-screen.ts) start the first sale's amount, when the
  // page opens at the start form.
  const [typedAhead, setTypedAhead] = useState(() => (sale ? '' : startScreenKeys()));
  const ended = sale?.terminal === true;
  const typedAheadTaken = useCallback(() => setTypedAhead(''), []);

  const onKey = useLatestCallback((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (!/^[0-9.,]$/.test(event.key)) return;
    const target = event.target as HTMLElement | null;
    // A dialog or a field of its own (the late-payment reason) keeps its keys.
    if (target?.closest('input, textarea, select, [role="dialog"]')) return;
    event.preventDefault();
    const first = typedAhead === '';
    setTypedAhead((keys) => keys + event.key);
    if (first) void callPos('finishSale', {});
  });
  useEffect(() => {
    if (!ended) return;
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [ended, onKey]);

  if (sale && (requesting === null || waitScreenDue)) return <ActiveSale sale={sale} />;
  return (
    <StartSale
      settings={settings}
      starting={requesting !== null}
      typedAhead={typedAhead}
      onTypedAheadTaken={typedAheadTaken}
    />
  );
}
