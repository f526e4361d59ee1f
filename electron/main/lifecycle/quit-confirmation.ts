import { dialog, type BrowserWindow, type MessageBoxOptions } from 'electron';

const KEEP_SELLING = 0;
const QUIT_ANYWAY = 1;

/** The question asked when the cashier quits with a sale that has not ended. */
function quitDuringSaleMessage(reference: string): MessageBoxOptions {
  return {
    type: 'warning',
    title: 'Sale in progress',
    message: `Sale ${reference} has not ended.`,
    detail: 'If you quit now, the sale is kept: it comes back as it is when Counter starts again.',
    buttons: ['Keep selling', 'Quit'],
    defaultId: KEEP_SELLING,
    // Escape and the window's close button answer "keep selling".
    cancelId: KEEP_SELLING,
    noLink: true,
  };
}

/** A native dialog, modal to the cashier window when it is open; true: quit. */
export async function askQuitDuringSale(
  parent: BrowserWindow | undefined,
  sale: { reference: string },
): Promise<boolean> {
  const message = quitDuringSaleMessage(sale.reference);
  const answer =
    parent && !parent.isDestroyed()
      ? await dialog.showMessageBox(parent, message)
      : await dialog.showMessageBox(message);
  return answer.response === QUIT_ANYWAY;
}
