import type { PaperKind } from '../../shared/printing/print-document';
import { defaultPrinterPort } from '../../shared/printing/printer-address';
import type { ReceiptPrinterSetting } from '../../shared/settings';
import type { RollPaper } from './escpos/escpos-renderer';
import type { PrinterPort } from './printer-port';
import type { PrinterChoice } from './receipt-printing';
import type { PlatformPrinting } from '../printing/platform-printing';

/** An ESC/POS printer on the network (electron/printing/escpos `createNetworkPrinter`). */
export type NetworkPrinterFactory = (target: {
  host: string;
  port: number;
  paper: RollPaper;
}) => PrinterPort;

/**
 * An ESC/POS printer prints on its roll only: a sheet paper setting (A4, Letter, kept for a
 * sheet printer of the computer) prints on it as an 80 mm roll, the common receipt roll,
 * rather than refusing a receipt the cashier needs now.
 */
function escPosPaper(paper: PaperKind): RollPaper {
  return paper === 'roll-58' ? 'roll-58' : 'roll-80';
}

/**
 * The printer the receipt setting names, or why there is none and what to do, in words.
 * Asked per print, so a changed setting applies to the next receipt; the printer object is
 * kept while the setting and paper stay the same, because the print queue lines jobs up per
 * printer object (one job at a time on one printer) and a new object would be a new line.
 */
export function receiptPrinterChooser(
  printing: PlatformPrinting | undefined,
  network: NetworkPrinterFactory | undefined,
): (setting: ReceiptPrinterSetting, paper: PaperKind) => PrinterChoice {
  let kept: { key: string; choice: PrinterChoice } | null = null;
  const reuse = (key: string, build: () => PrinterChoice): PrinterChoice => {
    if (kept?.key !== key) kept = { key, choice: build() };
    return kept.choice;
  };
  return (setting, paper) => {
    if (setting.kind === 'os') {
      if (!printing)
        return {
          unavailable: 'This till cannot print through the computer.',
          action: 'Save the receipt as PDF instead.',
        };
      const key = JSON.stringify(['os', setting.deviceName, setting.paperFromPrinter, paper]);
      return reuse(key, () => ({
        printer: printing.osPrinter({
          paper,
          ...(setting.deviceName ? { deviceName: setting.deviceName } : {}),
          ...(setting.paperFromPrinter ? { paperFromPrinter: true } : {}),
        }),
        name: setting.deviceName ?? 'the default printer',
      }));
    }
    if (setting.kind === 'network' && setting.host) {
      const port = setting.port ?? defaultPrinterPort;
      if (!network)
        return {
          unavailable: 'This version of the app cannot print on a network receipt printer.',
          action:
            'Save the receipt as PDF, or ask a manager to choose a printer of the computer in Settings.',
        };
      const host = setting.host;
      const roll = escPosPaper(paper);
      const shown = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
      return reuse(JSON.stringify(['network', host, port, roll]), () => ({
        printer: network({ host, port, paper: roll }),
        name: `the printer at ${shown}`,
      }));
    }
    return {
      unavailable: 'No receipt printer is set up.',
      action: 'A manager chooses one in Settings; save the receipt as PDF meanwhile.',
    };
  };
}
