/**
 * A page's start screen: static HTML in its index.html, `#start-screen`, painted before the
 * page's code has loaded (the cashier's amount field, cashier/start-screen.ts; the display's
 * idle screen that main writes in, display/display-page.tsx). The page's first screen removes
 * it in the commit that draws it: no frame shows both, or neither.
 */
const SCREEN_ID = 'start-screen';

/** Whether the start screen has content and is still there (main wrote none from the dev server). */
export function hasStartScreen(): boolean {
  return (document.getElementById(SCREEN_ID)?.childElementCount ?? 0) > 0;
}

/** Removes the start screen (nothing when it is gone or was never there). */
export function removeStartScreen(): void {
  document.getElementById(SCREEN_ID)?.remove();
}
