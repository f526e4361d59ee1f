import { useCallback, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Off screen, window-sized (so vh and vw lay out as on screen), never hit by the pointer. */
const offScreen: CSSProperties = {
  position: 'fixed',
  left: -10_000,
  top: 0,
  width: '100vw',
  height: '100vh',
  overflow: 'hidden',
  pointerEvents: 'none',
};

/**
 * Renders `children` where nobody meets them: in a closed shadow root of an element off
 * screen, aria-hidden and inert (nothing in it takes the focus, however it asks). Closed, so
 * nothing outside finds what is drawn there: a query of the page, a test's locator, an
 * accessibility scan see only the host. The page's stylesheets are copied in, so the same
 * rules style and lay it out: a sample of a screen drawn here costs what the real one will
 * (without them the first real sale still met cold style and layout work, in the cashier
 * bench's cold start).
 */
export function Backstage({ children, testId }: { children: ReactNode; testId?: string }) {
  const [stage, setStage] = useState<ShadowRoot | null>(null);
  const attach = useCallback((host: HTMLDivElement | null) => {
    if (host) setStage(stageOf(host));
  }, []);
  return (
    <div ref={attach} aria-hidden="true" inert style={offScreen} data-testid={testId}>
      {stage ? createPortal(children, stage) : null}
    </div>
  );
}

/** Each host's one shadow root: an element takes a single one, and React may attach twice. */
const stages = new WeakMap<Element, ShadowRoot>();

function stageOf(host: Element): ShadowRoot {
  const known = stages.get(host);
  if (known) return known;
  const root = host.attachShadow({ mode: 'closed' });
  for (const sheet of document.head.querySelectorAll('link[rel="stylesheet"], style'))
    root.append(sheet.cloneNode(true));
  stages.set(host, root);
  return root;
}
