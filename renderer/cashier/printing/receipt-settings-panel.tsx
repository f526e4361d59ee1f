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
import { memo, useEffect, useState } from 'react';
import {
  checkPrinterAddress,
  defaultPrinterPort,
  type PrinterAddressCheck,
} from '../../../shared/printing/printer-address';
import type { PrinterView } from '../../../shared/printing/receipt-views';
import type {
  EffectiveSettings,
  ReceiptPrinterSetting,
  ReceiptPrintingMode,
} from '../../../shared/settings';
import { callPos } from '../shell/pos';
import { SettingLabel } from '../settings/setting-label';

type Save = (values: Record<string, unknown>) => Promise<void>;

const modeChoices: { value: ReceiptPrintingMode; label: string }[] = [
  { value: 'off', label: 'Off (from the history)' },
  { value: 'ask', label: 'Ask after a payment' },
  { value: 'automatic', label: 'After every payment' },
];
const kindChoices = [
  { value: 'none', label: 'No printer' },
  { value: 'os', label: 'A printer of this computer' },
  { value: 'network', label: 'A receipt printer on the network (ESC/POS)' },
];
const paperChoices = [
  { value: 'roll-80', label: 'Roll, 80 mm' },
  { value: 'roll-58', label: 'Roll, 58 mm' },
  { value: 'a4', label: 'A4 sheet' },
  { value: 'letter', label: 'Letter sheet' },
];
const DEFAULT_PRINTER = '';

/**
 * Receipts: when they print, on which printer and paper, and what the shop prints on them
 * (address, tax id, footer). Choices are saved at once; texts with "Save receipt texts".
 * A setting IT manages is shown but cannot be changed.
 */
export const ReceiptSettingsPanel = memo(ReceiptSettingsCard, sameSettings);

/**
 * Drawn again only for new settings: the settings screen re-renders on each keystroke of its
 * own form, and its `save` does the same whichever render made it (a till call, then state
 * setters and callbacks that do not change).
 */
function sameSettings(
  before: { settings: EffectiveSettings },
  after: { settings: EffectiveSettings },
): boolean {
  return before.settings === after.settings;
}

/** The receipt settings in one line; the form opens on request (the settings screen is long). */
function ReceiptSettingsCard({ settings, save }: { settings: EffectiveSettings; save: Save }) {
  const [open, setOpen] = useState(false);
  const { values } = settings;
  const printer = values.receiptPrinter;
  const where =
    printer.kind === 'none'
      ? 'no printer'
      : printer.kind === 'os'
        ? (printer.deviceName ?? "the computer's default printer")
        : `the network printer ${printer.host ?? ''}:${printer.port ?? 9100}`;
  const mode = modeChoices.find((choice) => choice.value === values.receiptPrinting)?.label;
  const paper = paperChoices.find((choice) => choice.value === values.receiptPaper)?.label;
  return (
    <Paper p="md" radius="lg" withBorder data-testid="receipt-settings">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            Receipts
          </Title>
          <Button
            size="md"
            h={44}
            variant="light"
            aria-expanded={open}
            data-testid="receipt-settings-toggle"
            onClick={() => setOpen(!open)}
          >
            {open ? 'Close' : 'Change…'}
          </Button>
        </Group>
        <Text data-testid="receipt-settings-summary">
          {mode}; {where}; {paper}.
        </Text>
        {open ? <ReceiptSettingsForm settings={settings} save={save} /> : null}
      </Stack>
    </Paper>
  );
}

function ReceiptSettingsForm({ settings, save }: { settings: EffectiveSettings; save: Save }) {
  const { values, keys } = settings;
  const printer = values.receiptPrinter;
  const [printers, setPrinters] = useState<PrinterView[]>([]);
  const [texts, setTexts] = useState(() => textsOf(settings));
  /** Why the typed network printer address cannot be used, in the settings' own words. */
  const [addressProblem, setAddressProblem] = useState<string | null>(null);
  const [textsFrom, setTextsFrom] = useState(settings);
  if (settings !== textsFrom) {
    setTextsFrom(settings);
    setTexts(textsOf(settings));
  }
  useEffect(() => {
    void callPos('listPrinters', {}).then((result) => {
      if (result.ok) setPrinters(result.value);
    });
  }, []);

  const savePrinter = (next: ReceiptPrinterSetting) => void save({ receiptPrinter: next });
  const textPatch = changedTexts(texts, settings);
  const printerLocked = keys.receiptPrinter.locked;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Select
          size="md"
          label={
            <SettingLabel settings={settings} setting="receiptPrinting" text="Print a receipt" />
          }
          data={modeChoices}
          value={values.receiptPrinting}
          allowDeselect={false}
          disabled={keys.receiptPrinting.locked}
          data-testid="setting-receiptPrinting"
          onChange={(value) => value && void save({ receiptPrinting: value })}
        />
        <Select
          size="md"
          label={<SettingLabel settings={settings} setting="receiptPrinter" text="Printer" />}
          data={kindChoices}
          value={printer.kind}
          allowDeselect={false}
          disabled={printerLocked}
          data-testid="setting-receiptPrinter-kind"
          onChange={(value) => {
            if (value === 'none' || value === 'os') savePrinter({ kind: value });
            else if (value === 'network')
              setTexts((current) => ({ ...current, networkOpen: true }));
          }}
        />
        <Select
          size="md"
          label={<SettingLabel settings={settings} setting="receiptPaper" text="Paper" />}
          data={paperChoices}
          value={values.receiptPaper}
          allowDeselect={false}
          disabled={keys.receiptPaper.locked}
          data-testid="setting-receiptPaper"
          onChange={(value) => value && void save({ receiptPaper: value })}
        />
      </SimpleGrid>
      {printer.kind === 'os' ? (
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
          disabled={printerLocked}
          data-testid="setting-receiptPrinter-device"
          onChange={(value) =>
            savePrinter(value ? { kind: 'os', deviceName: value } : { kind: 'os' })
          }
        />
      ) : null}
      {printer.kind === 'network' || texts.networkOpen ? (
        <Group align="flex-end">
          <TextInput
            size="md"
            label="Printer address"
            placeholder="10.0.0.40"
            value={texts.host}
            disabled={printerLocked}
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
            disabled={printerLocked}
            data-testid="setting-receiptPrinter-port"
            onChange={(event) => setTexts({ ...texts, port: event.currentTarget.value })}
          />
          <Button
            size="md"
            variant="light"
            disabled={printerLocked}
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
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Textarea
          size="md"
          label={<SettingLabel settings={settings} setting="shopAddress" text="Shop address" />}
          description="Up to 4 lines."
          rows={4}
          value={texts.shopAddress}
          disabled={keys.shopAddress.locked}
          data-testid="setting-shopAddress"
          onChange={(event) => setTexts({ ...texts, shopAddress: event.currentTarget.value })}
        />
        <TextInput
          size="md"
          label={<SettingLabel settings={settings} setting="shopTaxId" text="Tax id" />}
          description="VAT or tax number, printed under the address."
          value={texts.shopTaxId}
          disabled={keys.shopTaxId.locked}
          data-testid="setting-shopTaxId"
          onChange={(event) => setTexts({ ...texts, shopTaxId: event.currentTarget.value })}
        />
        <Textarea
          size="md"
          label={<SettingLabel settings={settings} setting="receiptFooter" text="Footer" />}
          description="Printed at the foot of every receipt."
          rows={4}
          value={texts.receiptFooter}
          disabled={keys.receiptFooter.locked}
          data-testid="setting-receiptFooter"
          onChange={(event) => setTexts({ ...texts, receiptFooter: event.currentTarget.value })}
        />
      </SimpleGrid>
      <Group>
        <Button
          size="md"
          disabled={Object.keys(textPatch).length === 0}
          data-testid="save-receipt-texts"
          onClick={() => void save(textPatch)}
        >
          Save receipt texts
        </Button>
        <Text size="sm" c="dimmed">
          A receipt can be seen and printed again from the history.
        </Text>
      </Group>
    </Stack>
  );
}

function textsOf(settings: EffectiveSettings) {
  const { values } = settings;
  const printer = values.receiptPrinter;
  return {
    shopAddress: values.shopAddress,
    shopTaxId: values.shopTaxId,
    receiptFooter: values.receiptFooter,
    host: printer.kind === 'network' ? (printer.host ?? '') : '',
    port: String(printer.kind === 'network' ? (printer.port ?? 9100) : 9100),
    networkOpen: false,
  };
}

function changedTexts(texts: ReturnType<typeof textsOf>, settings: EffectiveSettings) {
  const patch: Record<string, string> = {};
  for (const key of ['shopAddress', 'shopTaxId', 'receiptFooter'] as const) {
    if (texts[key] !== settings.values[key]) patch[key] = texts[key];
  }
  return patch;
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
