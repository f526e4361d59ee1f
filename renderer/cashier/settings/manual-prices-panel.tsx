import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ManualPrice } from '../../../shared/pricing/pricing-types';
import { formatMoney } from '../../../shared/pricing/shop-currency';
import { FailureAlert } from '../errors/failure-alert';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';

/**
 * Prices a manager types when no other source has one (the rate provider is down, a new
 * coin): per asset unit in the shop's currency, for this session only. Where IT's order of
 * rate sources asks for them, they price sales in money.
 */
export function ManualPricesPanel({ currency }: { currency: string }) {
  const [prices, setPrices] = useState<ManualPrice[]>([]);
  const [asset, setAsset] = useState('');
  const [price, setPrice] = useState('');
  const saving = useTillAction();

  useEffect(() => {
    let live = true;
    void callPos('manualPrices', {}).then((result) => {
      if (live && result.ok && result.value) setPrices(result.value);
    });
    return () => {
      live = false;
    };
  }, []);

  const set = async (entry: { asset: string; chainId: string | null; price: string | null }) => {
    const result = await saving.run('manual-price', () => callPos('setManualPrice', entry));
    if (result?.ok) {
      setPrices(result.value);
      if (entry.price !== null) {
        setAsset('');
        setPrice('');
      }
    }
  };

  return (
    <Paper p="md" radius="lg" withBorder data-testid="manual-prices">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Prices typed by a manager
        </Title>
        <Text size="sm" c="dimmed">
          Used when IT's rate sources call for them, until the app restarts. The price of one unit
          of the asset, in {currency}.
        </Text>
        <Group align="flex-end">
          <TextInput
            label="Asset"
            placeholder="ETH"
            value={asset}
            size="md"
            onChange={(event) => setAsset(event.currentTarget.value.trim().toUpperCase())}
            data-testid="manual-price-asset"
          />
          <TextInput
            label={`Price in ${currency}`}
            placeholder="2950.00"
            inputMode="decimal"
            value={price}
            size="md"
            onChange={(event) => setPrice(event.currentTarget.value.trim())}
            data-testid="manual-price-value"
          />
          <Button
            size="md"
            disabled={asset === '' || price === ''}
            loading={saving.pending !== null}
            onClick={() => void set({ asset, chainId: null, price })}
            data-testid="manual-price-set"
          >
            Use this price
          </Button>
        </Group>
        {saving.failure ? <FailureAlert failure={saving.failure} /> : null}
        {prices.length > 0 ? (
          <Table data-testid="manual-price-list">
            <Table.Tbody>
              {prices.map((entry) => (
                <Table.Tr key={`${entry.chainId ?? ''}|${entry.asset}`}>
                  <Table.Td>{entry.asset}</Table.Td>
                  <Table.Td>{formatMoney(entry.price, currency)}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      variant="subtle"
                      size="md"
                      onClick={() => void set({ ...entry, price: null })}
                    >
                      Stop using it
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
}
