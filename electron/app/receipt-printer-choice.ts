import type { PaperKind } from '../../shared/printing/print-document';
import type { ReceiptPrinterSetting } from '../../shared/settings';
import type { PrinterPort } from '../printing/printer-port';
import type { PrinterChoice } from '../printing/receipt-printing';
import type { PlatformPrinting } from './app-platform';

/** An ESC/POS printer on the network (electron/printing/escpos), when this build has one. */
export type NetworkPrinterFactory = (target: {
  host: string;
  port: number;
  paper: PaperKind;
}) => PrinterPort;

const DEFAULT_ESCPOS_PORT = 9100;

/**
 * The printer the receipt setting names, or why there is none, in words that say what to do.
 * Built per print, so a changed setting applies to the next receipt.
 */
export function receiptPrinterChooser(
  printing: PlatformPrinting | undefined,
  network: NetworkPrinterFactory | undefined,
): (setting: ReceiptPrinterSetting, paper: PaperKind) => PrinterChoice {
  return (setting, paper) => {
    if (setting.kind === 'os') {
      if (!printing)
        return {
          unavailable:
            'This till cannot print through the computer. Save the receipt as PDF instead.',
        };
      return {
        printer: printing.osPrinter({
          paper,
          ...(setting.deviceName ? { deviceName: setting.deviceName } : {}),
          ...(setting.paperFromPrinter ? { paperFromPrinter: true } : {}),
        }),
        name: setting.deviceName ?? 'the default printer',
      };
    }
    if (setting.kind === 'network' && setting.host) {
      const port = setting.port ?? DEFAULT_ESCPOS_PORT;
      if (!network)
        return {
          unavailable:
            'This version of the app cannot print on a network receipt printer. Save the receipt as PDF, or ask a manager to choose a printer of the computer in Settings.',
        };
      return {
        printer: network({ host: setting.host, port, paper }),
        name: `the printer at ${setting.host}:${port}`,
      };
    }
    return {
      unavailable:
        'No receipt printer is set up: a manager chooses one in Settings. Save the receipt as PDF meanwhile.',
    };
  };
}
