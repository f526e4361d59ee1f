/**
 * The display's start screen: the shop's idle screen, which main writes into the page's HTML
 * (electron/main/display-start-mark.ts) so the customer sees it before the page's code has
 * loaded and before the services are up. The page draws nothing over it until main's first
 * view, and removes it in the commit that draws that view: no frame shows both, or neither.
 */
const SCREEN_ID = 'start-screen';

/** Whether main wrote the start screen in and it is still there (none from the dev server). */
export function hasStartScreen(): boolean {
  return (document.getElementById(SCREEN_ID)?.childElementCount ?? 0) > 0;
}

/** Removes the start screen (nothing when it is gone or was never there). */
export function removeStartScreen(): void {
  document.getElementById(SCREEN_ID)?.remove();
}
