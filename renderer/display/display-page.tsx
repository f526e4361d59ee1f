import { useLayoutEffect } from 'react';
import type { DisplayApi } from '../../shared/ipc/contract';
import { IdleWarmUp } from '../warm-up/idle-warm-up';
import { useEvent } from '../common/use-event';
import { screenFor } from './display-screen';
import { DisplayFeedback } from './display-feedback';
import { IdentifyOverlay } from './identify-overlay';
import { OutcomeScreen, ProgressScreen, WelcomeScreen } from './message-screens';
import { sampleScanView } from '../warm-up/sample-scan-view';
import { ScanScreen } from './scan-screen';
import { DemoBanner } from './shop-brand';
import { hasStartScreen, removeStartScreen } from '../common/start-screen';
import { TapScreen } from './tap-screen';
import { TapAnswerBanner } from './tap-answer-banner';
import './display.css';

/**
 * The customer display: what main says the customer sees ('customer-view'), counted down by
 * main's clock ('clock-tick'), with each tap's answer over it ('nfc-tap'). Read-only: this page has no calls. The root carries
 * data-phase for tests ('waiting' until the first view arrives). The idle screen main wrote
 * into the HTML (common/start-screen.ts) stays until that first view, which replaces it.
 */
export function DisplayPage({ api }: { api: DisplayApi }) {
  // The view is what the customer waits for: rendered in the task that brought it. The tick
  // too, so a view never paints with a tick older than the one main sent just before it.
  const view = useEvent(api, 'customer-view', null, { urgent: true });
  const tick = useEvent(api, 'clock-tick', null, { urgent: true });
  // Every tap's answer ('nfc-tap'), over whatever screen is up, for a few seconds.
  const tap = useEvent(api, 'nfc-tap', null, { urgent: true });
  const screen = screenFor(view);
  useLayoutEffect(() => {
    if (view) removeStartScreen();
  }, [view]);
  if (!view && hasStartScreen()) return null;
  return (
    <main
      className="cd-root"
      data-phase={view?.phase ?? 'waiting'}
      data-screen={screen.kind}
      data-demo={view?.demoMode === true}
    >
      {view?.demoMode ? <DemoBanner /> : null}
      {screen.kind === 'scan' && view ? (
        <ScanScreen view={view} nowMs={tick?.nowMs ?? null} />
      ) : null}
      {screen.kind === 'tap' && view ? <TapScreen view={view} /> : null}
      {screen.kind === 'welcome' ? <WelcomeScreen screen={screen} view={view} /> : null}
      {screen.kind === 'progress' ? <ProgressScreen screen={screen} view={view} /> : null}
      {screen.kind === 'outcome' ? <OutcomeScreen screen={screen} view={view} /> : null}
      <TapAnswerBanner answer={tap} nowMs={tick?.nowMs} volume={view?.soundVolume ?? 0} />
      {/* The scan screen (the large QR, the price in money: Intl's currency data loads on
          first use, the logos, the countdown) drawn by compiled code from the first sale on.
          Not before the first view is painted: the idle screen comes first. */}
      <IdleWarmUp
        ready={view !== null}
        render={(round) =>
          view ? (
            <div className="cd-root">
              <ScanScreen view={sampleScanView(round, view)} nowMs={round * 1000} />
            </div>
          ) : null
        }
      />
      <IdentifyOverlay api={api} />
      <DisplayFeedback view={view} />
    </main>
  );
}
