import { Divider, Paper, Stack, Text } from '@mantine/core';
import { OptionPicker } from './option-picker';
import type { ChainAssetChoice } from './use-chain-asset-choice';

/** Under a picker showing the list saved last time, when the service did not answer now. */
const SAVED_NOTE =
  'The payment service did not answer: this is its list from before. You can still sell.';

/** The chain picker, and once a chain is chosen, the picker of its assets. */
export function ChainAssetPanel({ choice }: { choice: ChainAssetChoice }) {
  return (
    <Paper p="md" radius="lg" withBorder shadow="xs">
      <Stack gap="md">
        <OptionPicker
          title="Chain"
          testId="chain-picker"
          items={choice.chainItems}
          value={choice.chainId}
          onChange={choice.chooseChain}
          failure={choice.chains.failure}
          onRetry={choice.chains.retry}
          note={choice.chains.saved ? SAVED_NOTE : null}
          logoOf={choice.chainLogos.logoOf}
          onRowsShown={choice.chainLogos.onRowsShown}
        />
        <Divider />
        {choice.chainId ? (
          <OptionPicker
            title="Asset"
            testId="asset-picker"
            items={choice.assetItems}
            value={choice.asset?.asset ?? null}
            onChange={choice.chooseAsset}
            failure={choice.assets.failure}
            onRetry={choice.assets.retry}
            focusToken={choice.assetFocus}
            note={choice.assets.saved ? SAVED_NOTE : null}
            logoOf={choice.assetLogos.logoOf}
            onRowsShown={choice.assetLogos.onRowsShown}
            emptyText="The service offers no asset on this chain."
          />
        ) : (
          <Text c="dimmed" data-testid="asset-picker-hint">
            Choose a chain to see its assets.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
