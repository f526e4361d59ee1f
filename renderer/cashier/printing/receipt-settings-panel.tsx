import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  checkPrinterAddress,
  defaultPrinterPort,
  type PrinterAddressCheck,
} from '../../../shared/printing/printer-address';
import type { PrinterView } from '../../../shared/printing/receipt-views';
import type { PageSettings, ReceiptPrinterSetting } from '../../../shared/settings';
import { callPos } from '../shell/pos';
import { ReadOnlySetting } from '../settings/read-only-setting';
import { SettingLabel } from '../settings/setting-label';
import { receiptPaperChoices, receiptPrintingChoices } from '../settings/setting-words';
import type { SaveSettings } from '../settings/use-settings-save';

const kindChoices = [
  { value: 'none', label: 'No printer' },
  { value: 'os', label: 'A printer of this computer' },
  { value: 'network', label: 'A receipt printer on the network (ESC/POS)' },
];
const DEFAULT_PRINTER = '';

/**
 * Receipts (the Settings page's Receipts section): when they print, on which printer and
 * paper, and the footer. Choices are saved at once, the footer with "Save footer"; the shop's
 * address and tax id printed above it are the Shop section's. A setting IT manages is shown as
 * text.
 */
export function ReceiptSettingsPanel({
  settings,
  save,
}: {
  settings: PageSettings;
  save: SaveSettings;
}) {
  const { values, keys } = settings;
  const printer = values.receiptPrinter;
  const [printers, setPrinters] = useState<PrinterView[]>([]);
  const [texts, setTexts] = useState(() => textsOf(settings));
  /** Why the typed network printer address cannot be used, in the settings' own words. */
  const [addressProblem, setAddressProblem] = useState<string | null>(null);
  const [textsFrom, setTextsFrom] = useState(settings);
  // A value main changed (a save, IT's policy) replaces what was typed for it; the rest stays.
  if (settings !== textsFrom) {
    const before = textsOf(textsFrom);
    const after = textsOf(settings);
    setTextsFrom(settings);
    setTexts((current) => ({
      ...current,
      receiptFooter:
        before.receiptFooter !== after.receiptFooter ? after.receiptFooter : current.receiptFooter,
      ...(before.host !== after.host || before.port !== after.port
        ? { host: after.host, port: after.port, networkOpen: false }
        : {}),
    }));
  }
  useEffect(() => {
    void callPos('listPrinters', {}).then((result) => {
      if (result.ok) setPrinters(result.value);
    });
  }, []);

  const savePrinter = (next: ReceiptPrinterSetting) => void save({ receiptPrinter: next });
  const printerLocked = keys.receiptPrinter.locked;
  const footerChanged = texts.receiptFooter !== values.receiptFooter;

  return (
    <Paper p="md" radius="lg" withBorder data-testid="receipt-settings">
      <Stack gap="md">
        <Title order={2} size="h3">
          Receipts
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {keys.receiptPrinting.locked ? (
            <ReadOnlySetting settings={settings} setting="receiptPrinting" />
          ) : (
            <Select
              size="md"
              label={
                <SettingLabel
                  settings={settings}
                  setting="receiptPrinting"
                  text="Print a receipt"
                />
              }
              data={receiptPrintingChoices}
              value={values.receiptPrinting}
              allowDeselect={false}
              data-testid="setting-receiptPrinting"
              onChange={(value) => value && void save({ receiptPrinting: value })}
            />
          )}
          {printerLocked ? (
            <ReadOnlySetting settings={settings} setting="receiptPrinter" label="Printer" />
          ) : (
            <Select
              size="md"
              label={<SettingLabel settings={settings} setting="receiptPrinter" text="Printer" />}
              data={kindChoices}
              value={printer.kind}
              allowDeselect={false}
              data-testid="setting-receiptPrinter-kind"
              onChange={(value) => {
                if (value === 'none' || value === 'os') savePrinter({ kind: value });
                else if (value === 'network')
                  setTexts((current) => ({ ...current, networkOpen: true }));
              }}
            />
          )}
          {keys.receiptPaper.locked ? (
            <ReadOnlySetting settings={settings} setting="receiptPaper" label="Paper" />
          ) : (
            <Select
              size="md"
              label={<SettingLabel settings={settings} setting="receiptPaper" text="Paper" />}
              data={receiptPaperChoices}
              value={values.receiptPaper}
              allowDeselect={false}
              data-testid="setting-receiptPaper"
              onChange={(value) => value && void save({ receiptPaper: value })}
            />
          )}
        </SimpleGrid>
        {printer.kind === 'os' && !printerLocked ? (
          <Select
            size="md"
            label="Which printer"
            description="The computer's printers; the default one unless you choose."
            data={[
              { value: DEFAULT_PRINTER, label: "The computer's default printer" },
              ...printers.map((found) => ({ value: found.name, label: found.displayName })),
              ...(printer.deviceName && !printers.some((found) => found.name === printer.deviceName)
                ? [{ value: printer.deviceName, label: `${printer.deviceName} (not found now)` }]
                : []),
            ]}
            value={printer.deviceName ?? DEFAULT_PRINTER}
            allowDeselect={false}
            data-testid="setting-receiptPrinter-device"
            onChange={(value) =>
              savePrinter(value ? { kind: 'os', deviceName: value } : { kind: 'os' })
            }
          />
        ) : null}
        {(printer.kind === 'network' || texts.networkOpen) && !printerLocked ? (
          <Group align="flex-end">
            <TextInput
              size="md"
              label="Printer address"
              placeholder="10.0.0.40"
              value={texts.host}
              error={addressProblem}
              data-testid="setting-receiptPrinter-host"
              onChange={(event) => {
                setAddressProblem(null);
                setTexts({ ...texts, host: event.currentTarget.value });
              }}
            />
            <TextInput
              size="md"
              w={120}
              label="Port"
              value={texts.port}
              data-testid="setting-receiptPrinter-port"
              onChange={(event) => setTexts({ ...texts, port: event.currentTarget.value })}
            />
            <Button
              size="md"
              variant="light"
              data-testid="setting-receiptPrinter-use-network"
              onClick={() => {
                const address = networkPrinterAddress(texts.host, texts.port);
                if (!address.ok) return setAddressProblem(address.reason);
                setAddressProblem(null);
                setTexts({ ...texts, host: address.host, port: String(address.port) });
                savePrinter({ kind: 'network', host: address.host, port: address.port });
              }}
            >
              Use this printer
            </Button>
          </Group>
        ) : null}
        {keys.receiptFooter.locked ? (
          <ReadOnlySetting settings={settings} setting="receiptFooter" label="Footer" />
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (footerChanged) void save({ receiptFooter: texts.receiptFooter });
            }}
          >
            <Stack gap="sm">
              <Textarea
                size="md"
                label={<SettingLabel settings={settings} setting="receiptFooter" text="Footer" />}
                description="Printed at the foot of every receipt, under the shop's address and tax id (Shop)."
                rows={4}
                value={texts.receiptFooter}
                data-testid="setting-receiptFooter"
                onChange={(event) =>
                  setTexts({ ...texts, receiptFooter: event.currentTarget.value })
                }
              />
              <Group>
                <Button
                  type="submit"
                  size="md"
                  disabled={!footerChanged}
                  data-testid="save-receipt-texts"
                >
                  Save footer
                </Button>
                <Text size="sm" c="dimmed">
                  A receipt can be seen and printed again from the history.
                </Text>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

function textsOf(settings: PageSettings) {
  const { values } = settings;
  const printer = values.receiptPrinter;
  return {
    receiptFooter: values.receiptFooter,
    host: printer.kind === 'network' ? (printer.host ?? '') : '',
    port: String(printer.kind === 'network' ? (printer.port ?? 9100) : 9100),
    networkOpen: false,
  };
}

/**
 * The address and port typed, checked by the rules the printer connects with: the address
 * may carry its own port ("10.0.0.40:9100", "[fe80::1]:9100"), else the port field's is used;
 * an IPv6 address is given bare or bracketed.
 */
export function networkPrinterAddress(hostText: string, portText: string): PrinterAddressCheck {
  const host = hostText.trim();
  const port = portText.trim() || String(defaultPrinterPort);
  const ownPort = /^\[[^\]]*\]:/.test(host) || /^[^:[\]]+:[^:]*$/.test(host);
  if (ownPort) return checkPrinterAddress(host);
  if (host.startsWith('[')) return checkPrinterAddress(`${host}:${port}`);
  if (host.includes(':')) return checkPrinterAddress(`[${host}]:${port}`);
  return checkPrinterAddress(`${host}:${port}`);
}
