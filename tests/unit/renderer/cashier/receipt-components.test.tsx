// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrintDocument } from '../../../../shared/printing/print-document';
import type { ReceiptPrintStatus } from '../../../../shared/printing/receipt-views';
import { OrderPrintStatus } from '../../../../renderer/cashier/printing/order-print-status';
import { PrintPreview } from '../../../../renderer/cashier/printing/print-preview';
import { ReceiptButton } from '../../../../renderer/cashier/printing/receipt-button';
import {
  networkPrinterAddress,
  ReceiptSettingsPanel,
} from '../../../../renderer/cashier/printing/receipt-settings-panel';
import { SaleReceipt } from '../../../../renderer/cashier/printing/sale-receipt';
import { cashierSettings, saleSnapshot } from './cashier-fixtures';
import { installFakePos, renderWithTheme } from './fake-pos';

afterEach(() => cleanup());

const document: PrintDocument = {
  kind: 'receipt',
  title: 'Receipt 7F3K-2QXA',
  blocks: [
    { type: 'title', text: 'Café Lumen' },
    { type: 'mark', text: 'COPY' },
    { type: 'row', label: 'Total', value: '€12.30', bold: true },
    { type: 'rule' },
    { type: 'qr', data: '0f8e2c1a-3b4d-4e5f-8a9b-0c1d2e3f4a5b', caption: 'Order id' },
    { type: 'text', text: '<b>not markup</b>', align: 'center' },
  ],
};

describe('PrintPreview', () => {
  it('draws every block as main wrote it: marks, rows, the QR code, text never as markup', () => {
    renderWithTheme(<PrintPreview document={document} />);
    const preview = screen.getByTestId('print-preview');
    expect(preview.getAttribute('data-kind')).toBe('receipt');
    expect(screen.getAllByTestId('print-mark').map((mark) => mark.textContent)).toEqual(['COPY']);
    expect(preview.textContent).toContain('€12.30');
    expect(preview.querySelector('svg[aria-label="QR code of the order id"]')).not.toBeNull();
    expect(preview.querySelector('b')).toBeNull();
    expect(preview.textContent).toContain('<b>not markup</b>');
  });
});

const status = (patch: Partial<ReceiptPrintStatus>): ReceiptPrintStatus => ({
  orderId: 'order-1',
  reference: '7F3K-2QXA',
  state: 'printed',
  document: 'receipt',
  copy: false,
  message: 'The receipt was printed on the default printer.',
  action: null,
  atMs: 1,
  ...patch,
});

describe("the history order detail's paper", () => {
  it('names the button for the paper: a reprint of a receipt, the slip of a voided order, none for others', () => {
    const order = { orderId: 'order-1', reference: '7F3K-2QXA' };
    renderWithTheme(
      <>
        <ReceiptButton order={{ ...order, state: 'paid-after-all' }} detailed />
        <ReceiptButton order={{ ...order, state: 'voided' }} detailed />
        <ReceiptButton order={{ ...order, state: 'cancelled' }} detailed />
      </>,
    );
    expect(screen.getAllByTestId('order-receipt').map((button) => button.textContent)).toEqual([
      'Reprint receipt…',
      'Print void slip…',
    ]);
  });

  it("shows this order's failed automatic void slip with Try again, and nothing for another order", async () => {
    const pos = installFakePos();
    pos.handle('printReceipt', () =>
      status({ document: 'void-slip', message: 'The void slip was printed on X.', atMs: 2 }),
    );
    renderWithTheme(<OrderPrintStatus orderId="order-1" />);
    pos.emit(
      'receipt-status',
      status({ orderId: 'order-2', state: 'not-printed', message: 'other' }),
    );
    expect(screen.queryByTestId('order-print-status')).toBeNull();
    pos.emit(
      'receipt-status',
      status({
        document: 'void-slip',
        state: 'not-printed',
        message: 'The void slip was not printed: out of paper.',
        action: 'Put in a new roll, then try again.',
      }),
    );
    await screen.findByText('The void slip was not printed: out of paper.');
    screen.getByText('Put in a new roll, then try again.');
    expect(screen.getByTestId('receipt-status').getAttribute('data-state')).toBe('not-printed');
    expect(screen.getByTestId('receipt-save-pdf')).toBeDefined();
    expect(screen.queryByTestId('receipt-print-again')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('receipt-try-again')));
    expect(pos.callsOf('printReceipt')).toEqual([{ orderId: 'order-1', copy: false }]);
    await screen.findByText('The void slip was printed on X.');
    expect(screen.queryByTestId('receipt-try-again')).toBeNull();
  });
});

describe("the history order detail's print not known to have printed", () => {
  it('offers Print again, marked COPY, and Save as PDF', async () => {
    const pos = installFakePos();
    pos.handle('printReceipt', () => status({ atMs: 2, copy: true }));
    renderWithTheme(<OrderPrintStatus orderId="order-1" />);
    pos.emit(
      'receipt-status',
      status({
        state: 'unknown',
        message: 'Not known whether the receipt printed: The printer did not answer in time.',
        action: 'Check the paper before you print again: a new print says COPY.',
      }),
    );
    await screen.findByText('Check the paper before you print again: a new print says COPY.');
    expect(screen.getByTestId('receipt-save-pdf')).toBeDefined();
    await act(async () => fireEvent.click(screen.getByTestId('receipt-print-again')));
    expect(pos.callsOf('printReceipt')).toEqual([{ orderId: 'order-1', copy: true }]);
    await screen.findByText('The receipt was printed on the default printer.');
    expect(screen.queryByTestId('receipt-print-again')).toBeNull();
  });
});

describe('SaleReceipt', () => {
  it('shows a failed automatic print with Try again and Save as PDF, and tries again on request', async () => {
    const pos = installFakePos();
    pos.emit('settings-changed', cashierSettings({ receiptPrinting: 'automatic' }));
    pos.emit(
      'receipt-status',
      status({ state: 'not-printed', message: 'The receipt was not printed: out of paper.' }),
    );
    pos.handle('printReceipt', () => status({ atMs: 2 }));
    const sale = saleSnapshot({
      orderId: 'order-1',
      state: 'paid-confirmed-by-cashier',
      terminal: true,
    });
    renderWithTheme(<SaleReceipt sale={sale} />);
    await screen.findByText('The receipt was not printed: out of paper.');
    expect(screen.getByTestId('receipt-save-pdf')).toBeDefined();
    await act(async () => fireEvent.click(screen.getByTestId('receipt-try-again')));
    expect(pos.callsOf('printReceipt')).toEqual([{ orderId: 'order-1', copy: false }]);
    await waitFor(() =>
      expect(screen.getByTestId('receipt-status').getAttribute('data-state')).toBe('printed'),
    );
    expect(screen.getByTestId('receipt-print-copy').textContent).toBe(
      'Print a copy for the customer',
    );
    await act(async () => fireEvent.click(screen.getByTestId('receipt-print-copy')));
    expect(pos.callsOf('printReceipt').at(-1)).toEqual({ orderId: 'order-1', copy: true });
  });

  it('shows a print not known to have printed in one line and one action, and prints again only as a COPY', async () => {
    const pos = installFakePos();
    pos.emit('settings-changed', cashierSettings({ receiptPrinting: 'automatic' }));
    pos.emit(
      'receipt-status',
      status({
        state: 'unknown',
        message:
          'Not known whether the receipt printed: The printer at 10.0.0.40 hung up before confirming it printed.',
        action: 'Check the paper before you print again: a new print says COPY.',
      }),
    );
    pos.handle('printReceipt', () => status({ atMs: 2, copy: true }));
    const sale = saleSnapshot({
      orderId: 'order-1',
      state: 'paid-confirmed-by-cashier',
      terminal: true,
    });
    renderWithTheme(<SaleReceipt sale={sale} />);
    const line = await screen.findByTestId('receipt-status');
    expect(line.getAttribute('data-state')).toBe('unknown');
    expect(line.textContent).toBe(
      'Not known whether the receipt printed: The printer at 10.0.0.40 hung up before confirming it printed.Check the paper before you print again: a new print says COPY.',
    );
    expect(screen.queryByTestId('receipt-try-again')).toBeNull();
    expect(screen.queryByTestId('receipt-print-copy')).toBeNull();
    expect(screen.getByTestId('receipt-save-pdf')).toBeDefined();
    const again = screen.getByTestId('receipt-print-again');
    expect(again.textContent).toBe('Print again, marked COPY');
    await act(async () => fireEvent.click(again));
    expect(pos.callsOf('printReceipt')).toEqual([{ orderId: 'order-1', copy: true }]);
  });

  it('offers Print receipt with "ask", and nothing with printing off or before the sale is paid', async () => {
    const pos = installFakePos();
    pos.emit('settings-changed', cashierSettings({ receiptPrinting: 'ask' }));
    const paid = saleSnapshot({ orderId: 'order-1', state: 'accepted-by-service', terminal: true });
    const view = renderWithTheme(<SaleReceipt sale={paid} />);
    expect((await screen.findByTestId('receipt-print')).textContent).toBe('Print receipt');
    view.rerender(<SaleReceipt sale={{ ...paid, state: 'awaiting-payment', terminal: false }} />);
    expect(screen.queryByTestId('sale-receipt')).toBeNull();
    act(() => pos.emit('settings-changed', cashierSettings({ receiptPrinting: 'off' })));
    view.rerender(<SaleReceipt sale={paid} />);
    expect(screen.queryByTestId('sale-receipt')).toBeNull();
  });
});

describe('SaleReceipt of a voided sale', () => {
  it('offers the void slip on request, even with automatic printing', async () => {
    const pos = installFakePos();
    pos.emit('settings-changed', cashierSettings({ receiptPrinting: 'automatic' }));
    const voided = saleSnapshot({ orderId: 'order-1', state: 'voided', terminal: true });
    renderWithTheme(<SaleReceipt sale={voided} />);
    expect((await screen.findByTestId('receipt-print')).textContent).toBe('Print void slip');
    expect(screen.getByTestId('receipt-save-pdf')).toBeDefined();
  });
});

describe('ReceiptSettingsPanel', () => {
  it("shows the receipts' choices at once, saves each choice at once and the footer with its button", async () => {
    const pos = installFakePos();
    pos.handle('listPrinters', () => [{ name: 'EPSON_T20', displayName: 'EPSON T20' }]);
    const save = vi.fn(async (_values: Record<string, unknown>) => null);
    const settings = cashierSettings({
      receiptPrinting: 'ask',
      receiptPrinter: { kind: 'os', deviceName: 'EPSON_T20' },
    });
    renderWithTheme(<ReceiptSettingsPanel settings={settings} save={save} />);
    // The shop's address and tax id are the Shop section's, not here.
    expect(screen.queryByTestId('setting-shopAddress')).toBeNull();
    expect(screen.queryByTestId('setting-shopTaxId')).toBeNull();
    const footer = screen.getByTestId('save-receipt-texts') as HTMLButtonElement;
    expect(footer.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('setting-receiptFooter'), {
      target: { value: 'Thank you!' },
    });
    fireEvent.click(footer);
    expect(save.mock.calls).toEqual([[{ receiptFooter: 'Thank you!' }]]);
    await waitFor(() => expect(pos.callsOf('listPrinters')).toHaveLength(1));
  });

  it('checks a network printer address by the rules the printer connects with before saving it', () => {
    installFakePos();
    const save = vi.fn(async (_values: Record<string, unknown>) => null);
    renderWithTheme(
      <ReceiptSettingsPanel
        settings={cashierSettings({ receiptPrinter: { kind: 'network', host: '10.0.0.40' } })}
        save={save}
      />,
    );
    const host = screen.getByTestId('setting-receiptPrinter-host');
    fireEvent.change(host, { target: { value: '192.168.1.256' } });
    fireEvent.click(screen.getByTestId('setting-receiptPrinter-use-network'));
    expect(save).not.toHaveBeenCalled();
    screen.getByText(/This is not a valid IP address/);
    fireEvent.change(host, { target: { value: 'Epson-TM.local:9101' } });
    fireEvent.click(screen.getByTestId('setting-receiptPrinter-use-network'));
    expect(save.mock.calls).toEqual([
      [{ receiptPrinter: { kind: 'network', host: 'epson-tm.local', port: 9101 } }],
    ]);
    expect(networkPrinterAddress('fe80::1', '9100')).toEqual({
      ok: true,
      host: 'fe80::1',
      port: 9100,
    });
    expect(networkPrinterAddress('[fe80::1]:9200', '9100')).toMatchObject({ port: 9200 });
    expect(networkPrinterAddress('10.0.0.40', '')).toMatchObject({ port: 9100 });
    expect(networkPrinterAddress('10.0.0.40', '70000').ok).toBe(false);
  });

  it('shows what IT manages as text, never as a control', () => {
    installFakePos();
    const settings = cashierSettings({ receiptPrinter: { kind: 'os' }, receiptFooter: 'Danke' });
    settings.keys.receiptPrinter = { source: 'managed', locked: true };
    settings.keys.receiptFooter = { source: 'managed', locked: true };
    renderWithTheme(<ReceiptSettingsPanel settings={settings} save={vi.fn()} />);
    expect(screen.queryByTestId('setting-receiptPrinter-kind')).toBeNull();
    expect(screen.queryByTestId('setting-receiptPrinter-device')).toBeNull();
    expect(screen.getByTestId('setting-receiptPrinter').textContent).toContain(
      "the computer's default printer",
    );
    expect(screen.getByTestId('setting-receiptFooter').querySelector('textarea')).toBeNull();
    expect(screen.getByTestId('setting-receiptFooter').textContent).toContain('Danke');
    expect(screen.queryByTestId('save-receipt-texts')).toBeNull();
    expect((screen.getByTestId('setting-receiptPaper') as HTMLInputElement).disabled).toBe(false);
  });
});
