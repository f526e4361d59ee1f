/**
 * The start screen is static HTML (index.html), painted before the till's code has loaded:
 * the cashier can type the first amount into its field at once. The page's first screen
 * takes those keys (`startScreenKeys`, as the sale screen takes keys typed ahead) and removes
 * it in the same commit (`removeStartScreen`, common/start-screen.ts): no frame shows both, or
 * neither. The sale screen focuses its own amount field as it is drawn (start-sale.tsx), so the
 * cashier goes on typing.
 */
const FIELD_ID = 'start-amount-field';
const NOTE_ID = 'start-note';

/**
 * What was typed into the start screen's amount field ('' when nothing, or once the screen is
 * gone). Only reads: the screen keeps its keys until it is removed, so a render that runs
 * twice reads them twice.
 */
export function startScreenKeys(): string {
  const field = document.getElementById(FIELD_ID);
  return field instanceof HTMLInputElement ? field.value : '';
}

/**
 * The till's code could not load: the start screen says so and what to do, and takes no more
 * keys, which would go nowhere.
 */
export function showStartFailure(): void {
  const field = document.getElementById(FIELD_ID);
  if (field instanceof HTMLInputElement) {
    field.disabled = true;
    field.closest('.start-amount')?.remove();
  }
  const note = document.getElementById(NOTE_ID);
  if (note) {
    note.setAttribute('role', 'alert');
    note.textContent =
      'The till could not start its screen. Restart Counter; if this happens again, call IT.';
  }
}
