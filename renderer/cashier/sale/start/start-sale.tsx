import { Grid, Stack, VisuallyHidden } from '@mantine/core';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { PageSettings } from '../../../../shared/settings';
import { AfterFirstPaint } from '../../../common/after-first-paint';
import { useLatestCallback } from '../../../common/use-latest-callback';
import { nfcStatusWords } from '../../nfc/nfc-status-words';
import { callPos } from '../../shell/pos';
import { usePosEvent, useTillAction } from '../../shell/use-pos';
import { keypadActionForKey, keypadReducer } from './amount-keypad';
import { AmountPanel } from './amount-panel';
import { amountStatus, totalWithFee } from './amount-status';
import { AssetSummary } from './asset-summary';
import { ChainAssetPanel } from './chain-asset-panel';
import { useEntryMode } from './entry-mode';
import { MoneySummary } from './money-summary';
import { moneyStatus } from './money-status';
import { PaymentPanel } from './payment-panel';
import { usePriceQuote } from './use-price-quote';
import { useAmountKeyboard } from './use-amount-keyboard';
import { useServiceWarmUp } from './use-service-warm-up';
import { useChainAssetChoice } from './use-chain-asset-choice';
import { shiftRequiredToSell } from '../../../../shared/shifts/shift-required';
import { useCurrentShift } from '../../shifts/use-current-shift';
import { OpenShiftPrompt } from './open-shift-prompt';
import './start-sale.css';

/**
 * A new sale: the amount (touch keys or keyboard: digits, '.', Backspace, Enter = Show QR,
 * Esc = clear), the chain and the asset (last choice remembered), the fee and currency, and
 * the two ways to pay. The amount is checked against the asset's decimals as it is typed.
 */
export function StartSale({
  settings,
  starting = false,
  typedAhead = '',
  onTypedAheadTaken,
}: {
  settings: PageSettings | null;
  /** A sale is being started (its link requested): the form waits, whoever started it. */
  starting?: boolean;
  /** Keys typed on the last sale's outcome screen: the start of this sale's amount. */
  typedAhead?: string;
  /** The form has the typed-ahead keys: the next sale starts from nothing again. */
  onTypedAheadTaken?: () => void;
}) {
  const [text, dispatch] = useReducer(keypadReducer, typedAhead, typedAmount);
  const amountInput = useRef<HTMLInputElement>(null);
  const { pending, failure, run } = useTillAction();
  const nfc = usePosEvent('nfc-status');
  const shift = useCurrentShift();
  // Only once the shift is known to be closed: no flash of the prompt while it is asked for.
  const needsShift = settings !== null && shiftRequiredToSell(settings.values) && shift === null;
  const focusAmount = useCallback(() => amountInput.current?.focus(), []);
  const choice = useChainAssetChoice(settings, focusAmount);
  const { chainId, asset } = choice;

  const currency = settings?.values.currency ?? 'USD';
  const entry = useEntryMode(settings?.values.amountEntry);
  const inMoney = entry.mode === 'money';
  const status = inMoney
    ? moneyStatus(text, currency)
    : amountStatus(text, asset?.decimals ?? null);
  const ready = status.kind === 'ready';
  const quote = usePriceQuote(
    inMoney && status.kind === 'ready' ? status.value : null,
    chainId,
    asset?.asset ?? null,
  );
  // A price in money is sent only once it converts: a rate is there and the asset is chosen.
  const priced = !inMoney || quote?.ok === true;
  const nfcWords = nfc ? nfcStatusWords(nfc) : null;
  const busy = pending !== null || starting;
  const canShowQr = ready && asset !== null && priced && !busy && !needsShift;
  const canTap =
    ready &&
    !busy &&
    !needsShift &&
    (nfcWords?.usable ?? false) &&
    (!inMoney || (asset !== null && priced));
  const fee = settings?.values.feeValue ?? '0';

  /** The price as the till call takes it: money with its asset, or an asset amount. */
  const price = (value: string) => (inMoney ? { money: value } : { amount: value });
  const showQr = useLatestCallback(async () => {
    if (!canShowQr || status.kind !== 'ready' || !asset || !chainId) return;
    await run('qr', () =>
      callPos('startQrSale', { ...price(status.value), chainId, asset: asset.asset }),
    );
  });
  const tapToPay = useLatestCallback(async () => {
    if (!canTap || status.kind !== 'ready') return;
    await run('nfc', () =>
      inMoney && asset && chainId
        ? callPos('startNfcSale', { money: status.value, chainId, asset: asset.asset })
        : callPos('startNfcSale', {
            amount: status.value,
            ...(asset && chainId ? { chainId, asset: asset.asset } : {}),
          }),
    );
  });

  useAmountKeyboard({ amountInput, busy, onKeypad: dispatch, onEnter: () => void showQr() });
  useServiceWarmUp(text !== '');
  useEffect(() => focusAmount(), [focusAmount]);
  useEffect(() => onTypedAheadTaken?.(), [onTypedAheadTaken]);

  // While a sale starts the form is inert: no clicks, focus or typing reach it, and no control
  // re-renders or greys out. Within WAIT_SCREEN_DELAY_MS the link or the wait screen replaces
  // it, so a greyed form would only flash; Show QR's spinner says the till is working.
  return (
    <div inert={busy} data-testid="start-sale-form" className="start-sale">
      <VisuallyHidden>
        <h1>New sale</h1>
      </VisuallyHidden>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <AmountPanel
            label={inMoney ? `Price in ${currency}` : `Amount${asset ? ` in ${asset.asset}` : ''}`}
            text={text}
            status={status}
            unit={inMoney ? currency : (asset?.asset ?? null)}
            entry={
              entry.switchable
                ? {
                    mode: entry.mode,
                    other: inMoney ? (asset?.asset ?? 'asset units') : currency,
                    toggle: () => {
                      entry.toggle();
                      dispatch({ type: 'clear' });
                    },
                  }
                : null
            }
            inputRef={amountInput}
            onKeypad={dispatch}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          {/* At the page's start this column comes a frame after the amount field
              (AfterFirstPaint); its chain list is asked for in the page's first idle moment
              all the same, by useChainAssetChoice above. */}
          <AfterFirstPaint>
            {/* What the sale asks for and the two ways to pay come first: a repeat sale (same
              chain and asset) is the amount, then one of these, with nothing to scroll. */}
            <Stack gap="md">
              {needsShift ? <OpenShiftPrompt /> : null}
              <PaymentPanel
                summary={
                  inMoney ? (
                    <MoneySummary quote={quote} asset={asset?.asset ?? null} />
                  ) : (
                    <AssetSummary
                      asset={asset}
                      fee={fee}
                      currency={currency}
                      total={
                        ready && asset ? totalWithFee(status.value, fee, asset.decimals) : null
                      }
                    />
                  )
                }
                failure={failure}
                canShowQr={canShowQr}
                canTap={canTap}
                pending={pending}
                nfcProblem={nfcWords && !nfcWords.usable ? nfcWords.text : null}
                onShowQr={() => void showQr()}
                onTap={() => void tapToPay()}
              />
              <ChainAssetPanel choice={choice} />
            </Stack>
          </AfterFirstPaint>
        </Grid.Col>
      </Grid>
    </div>
  );
}

/** The amount typed ahead, key by key, as the keypad would have taken it. */
function typedAmount(keys: string): string {
  let text = '';
  for (const key of keys) {
    const action = keypadActionForKey(key);
    if (action) text = keypadReducer(text, action);
  }
  return text;
}
