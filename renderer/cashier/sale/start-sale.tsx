import { Button, Divider, Grid, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { EffectiveSettings } from '../../../shared/settings';
import { formatAmount } from '../../../shared/money';
import { useLatestCallback } from '../../common/use-latest-callback';
import { FailureAlert } from '../errors/failure-alert';
import { nfcStatusWords } from '../nfc/nfc-status-words';
import { callPos } from '../shell/pos';
import { usePosEvent, useTillAction } from '../shell/use-pos';
import { keypadActionForKey, keypadReducer } from './amount-keypad';
import { AmountKeypad } from './amount-keypad-view';
import { amountStatus, totalWithFee } from './amount-status';
import { OptionPicker, type PickerItem } from './option-picker';
import { useCatalogue } from './use-catalogue';

/**
 * A new sale: the amount (touch keys or keyboard: digits, '.', Backspace, Enter = Show QR,
 * Esc = clear), the chain and the asset (last choice remembered), the fee and currency, and
 * the two ways to pay. The amount is checked against the asset's decimals as it is typed.
 */
export function StartSale({
  settings,
  starting = false,
}: {
  settings: EffectiveSettings | null;
  /** A sale is being started (its link requested): the form waits, whoever started it. */
  starting?: boolean;
}) {
  const [text, dispatch] = useReducer(keypadReducer, '');
  const [chainId, setChainId] = useState<string | null>(null);
  const [symbol, setSymbol] = useState<string | null>(null);
  const [assetFocus, setAssetFocus] = useState(0);
  const amountInput = useRef<HTMLInputElement>(null);
  const { pending, failure, run } = useTillAction();
  const nfc = usePosEvent('nfc-status');
  const values = settings?.values;
  const catalogue = useCatalogue(
    values ? `${values.serviceBaseUrl}|${values.demoModeAllowed}` : '',
  );
  const { chains, assets } = catalogue;

  // The remembered chain and asset, once the lists are in.
  const lastChainId = values?.lastChainId ?? null;
  const lastAsset = values?.lastAsset ?? null;
  useEffect(() => {
    if (!chains || chainId !== null) return;
    const remembered =
      chains.find((chain) => chain.chainId === lastChainId) ??
      (chains.length === 1 ? chains[0] : undefined);
    if (remembered) {
      setChainId(remembered.chainId);
      void catalogue.loadAssets(remembered.chainId);
    }
  }, [chains, lastChainId]);
  useEffect(() => {
    if (!assets || symbol !== null) return;
    const remembered =
      assets.find((asset) => asset.asset === lastAsset) ??
      (assets.length === 1 ? assets[0] : undefined);
    if (remembered) setSymbol(remembered.asset);
  }, [assets, lastAsset]);

  const asset = assets?.find((candidate) => candidate.asset === symbol) ?? null;
  const status = amountStatus(text, asset?.decimals ?? null);
  const ready = status.kind === 'ready';
  const nfcWords = nfc ? nfcStatusWords(nfc) : null;
  const busy = pending !== null || starting;
  const canShowQr = ready && asset !== null && !busy;
  const canTap = ready && !busy && (nfcWords?.usable ?? false);

  const remember = (patch: { lastChainId?: string; lastAsset?: string }) => {
    const locked = settings?.keys;
    const allowed = Object.fromEntries(
      Object.entries(patch).filter(([key]) => !locked?.[key as 'lastAsset']?.locked),
    );
    if (Object.keys(allowed).length > 0) void callPos('updateSettings', { patch: allowed });
  };

  const chooseChain = (id: string) => {
    if (id === chainId) return;
    setChainId(id);
    setSymbol(null);
    setAssetFocus((n) => n + 1);
    void catalogue.loadAssets(id);
    remember({ lastChainId: id });
  };
  const chooseAsset = (id: string) => {
    setSymbol(id);
    if (chainId) remember({ lastChainId: chainId, lastAsset: id });
    amountInput.current?.focus();
  };

  const showQr = async () => {
    if (!canShowQr || status.kind !== 'ready' || !asset || !chainId) return;
    await run('qr', () =>
      callPos('startQrSale', { amount: status.value, chainId, asset: asset.asset }),
    );
  };
  const tapToPay = async () => {
    if (!canTap || status.kind !== 'ready') return;
    await run('nfc', () =>
      callPos('startNfcSale', {
        amount: status.value,
        ...(asset && chainId ? { chainId, asset: asset.asset } : {}),
      }),
    );
  };

  // The physical keyboard works wherever the focus is, except in other text fields, and not
  // while a sale starts (the amount on its way to the service stays the amount on screen).
  const onKey = useLatestCallback((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (busy) return;
    const target = event.target as HTMLElement | null;
    const inAmount = target === amountInput.current;
    const tag = target?.tagName ?? '';
    if (
      !inAmount &&
      (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable)
    )
      return;
    if (event.key === 'Enter') {
      // On a button, Enter presses that button; in the amount field or nowhere, it is Show QR.
      if (inAmount || target === document.body || target === null) {
        event.preventDefault();
        void showQr();
      }
      return;
    }
    const action = keypadActionForKey(event.key);
    if (!action) return;
    event.preventDefault();
    dispatch(action);
  });
  useEffect(() => {
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    amountInput.current?.focus();
  }, []);

  // Memoised with stable handlers, so a click's pending state re-renders neither the pickers
  // nor the keypad: that render would compete with the customer display drawing the QR.
  const chainItems = useMemo<PickerItem[] | null>(
    () =>
      chains?.map((chain) => ({
        id: chain.chainId,
        label: chain.name,
        logo: chain.logo,
        detail: `Chain ${chain.chainId}`,
      })) ?? null,
    [chains],
  );
  const assetItems = useMemo<PickerItem[] | null>(
    () =>
      assets?.map((item) => ({
        id: item.asset,
        label: item.asset,
        logo: item.logo,
        detail: `${item.decimals} decimals`,
        keywords: [item.chainName],
      })) ?? null,
    [assets],
  );
  const onChain = useLatestCallback(chooseChain);
  const onAsset = useLatestCallback(chooseAsset);
  const retryChains = useLatestCallback(() => void catalogue.loadChains());
  const retryAssets = useLatestCallback(() => void catalogue.loadAssets(chainId));
  const fee = values?.feeValue ?? '0';
  const currency = values?.currency ?? 'USD';
  const total = ready && asset ? totalWithFee(status.value, fee, asset.decimals) : null;

  // While a sale starts the form is inert: no clicks, focus or typing reach it, and no control
  // re-renders or greys out. Within WAIT_SCREEN_DELAY_MS the link or the wait screen replaces
  // it, so a greyed form would only flash; Show QR's spinner says the till is working.
  return (
    <div inert={busy} data-testid="start-sale-form">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper p="md" radius="lg" withBorder shadow="xs">
            <Stack gap="sm">
              <Text fw={700} size="lg" component="label" htmlFor="amount-input">
                Amount{asset ? ` in ${asset.asset}` : ''}
              </Text>
              <TextInput
                id="amount-input"
                ref={amountInput}
                value={text}
                placeholder="0"
                inputMode="decimal"
                autoComplete="off"
                size="xl"
                classNames={{ input: 'amount-display' }}
                styles={{
                  input: { fontSize: 40, height: 72, textAlign: 'right', fontWeight: 700 },
                }}
                rightSection={
                  asset ? (
                    <Text fw={700} c="dimmed">
                      {asset.asset}
                    </Text>
                  ) : null
                }
                rightSectionWidth={asset ? 80 : undefined}
                data-testid="amount-input"
                aria-describedby="amount-status"
                aria-invalid={status.kind === 'invalid'}
                onChange={(event) => dispatch({ type: 'replace', text: event.currentTarget.value })}
              />
              <Text
                id="amount-status"
                size="sm"
                mih={20}
                c={status.kind === 'invalid' ? 'red.7' : 'dimmed'}
                data-testid="amount-status"
                data-kind={status.kind}
                role={status.kind === 'invalid' ? 'alert' : undefined}
              >
                {status.kind === 'invalid'
                  ? status.reason
                  : status.kind === 'incomplete'
                    ? status.hint
                    : status.kind === 'ready' && !asset
                      ? 'Choose the asset to check the decimals.'
                      : status.kind === 'empty'
                        ? 'Type the amount or use the keys.'
                        : '\u00a0'}
              </Text>
              <AmountKeypad onKey={dispatch} />
              <Button
                variant="light"
                color="gray"
                size="md"
                tabIndex={-1}
                data-testid="key-clear"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => dispatch({ type: 'clear' })}
              >
                Clear (Esc)
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Paper p="md" radius="lg" withBorder shadow="xs">
              <Stack gap="md">
                <OptionPicker
                  title="Chain"
                  testId="chain-picker"
                  items={chainItems}
                  value={chainId}
                  onChange={onChain}
                  failure={catalogue.chainFailure}
                  onRetry={retryChains}
                />
                <Divider />
                {chainId ? (
                  <OptionPicker
                    title="Asset"
                    testId="asset-picker"
                    items={assetItems}
                    value={symbol}
                    onChange={onAsset}
                    failure={catalogue.assetFailure}
                    onRetry={retryAssets}
                    focusToken={assetFocus}
                    emptyText="The service offers no asset on this chain."
                  />
                ) : (
                  <Text c="dimmed" data-testid="asset-picker-hint">
                    Choose a chain to see its assets.
                  </Text>
                )}
              </Stack>
            </Paper>
            <Paper p="md" radius="lg" withBorder shadow="xs">
              <Stack gap="sm">
                <Group justify="space-between" data-testid="fee-line">
                  <Text c="dimmed">Fee added to QR sales</Text>
                  <Text fw={600}>
                    {asset ? `${safeFormat(fee, asset.decimals)} ${asset.asset}` : fee}
                  </Text>
                </Group>
                {total && 'total' in total ? (
                  <Group justify="space-between" data-testid="total-line">
                    <Text c="dimmed">The QR code asks for</Text>
                    <Text fw={800} size="lg">
                      {total.total} {asset?.asset}
                    </Text>
                  </Group>
                ) : null}
                {total && 'problem' in total ? (
                  <Text c="red.7" size="sm">
                    {total.problem}
                  </Text>
                ) : null}
                <Group justify="space-between" data-testid="currency-line">
                  <Text c="dimmed">Customer's wallet shows prices in</Text>
                  <Text fw={600}>{currency}</Text>
                </Group>
                {failure ? <FailureAlert failure={failure} /> : null}
                <Group grow gap="sm">
                  <Button
                    size="xl"
                    h={72}
                    data-testid="show-qr"
                    disabled={!canShowQr}
                    loading={pending === 'qr'}
                    onClick={() => void showQr()}
                  >
                    Show QR
                  </Button>
                  <Button
                    size="xl"
                    h={72}
                    variant="outline"
                    data-testid="tap-to-pay"
                    disabled={!canTap}
                    loading={pending === 'nfc'}
                    title={nfcWords && !nfcWords.usable ? nfcWords.text : undefined}
                    onClick={() => void tapToPay()}
                  >
                    Tap to pay (NFC)
                  </Button>
                </Group>
                {nfcWords && !nfcWords.usable ? (
                  <Text size="sm" c="dimmed" data-testid="tap-to-pay-reason">
                    Tap to pay needs the NFC reader: {nfcWords.text.toLowerCase()}.
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    NFC sales carry no fee.
                  </Text>
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </div>
  );
}

function safeFormat(value: string, decimals: number): string {
  try {
    return formatAmount(value, decimals);
  } catch {
    return value;
  }
}
