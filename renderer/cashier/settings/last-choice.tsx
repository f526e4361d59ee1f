import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { PageSettings } from '../../../shared/settings';
import { FailureAlert } from '../errors/failure-alert';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';

/**
 * The chain and asset the sale screen picks first (the cashier's last choice), and "Forget
 * last choice": part of selling, so anyone who sells may forget it.
 */
export function LastChoice({ settings }: { settings: PageSettings }) {
  const forgetting = useTillAction();
  const { values, keys } = settings;
  const mayForget =
    values.lastChainId !== null && !keys.lastChainId.locked && !keys.lastAsset.locked;
  return (
    <Paper p="md" radius="lg" withBorder>
      <Stack gap="sm">
        <Group gap="sm">
          <Text data-testid="setting-last-choice">
            Last choice: chain {values.lastChainId ?? '—'}, asset {values.lastAsset ?? '—'}
          </Text>
          {mayForget ? (
            <Button
              size="md"
              variant="subtle"
              loading={forgetting.pending !== null}
              data-testid="forget-last-choice"
              onClick={() =>
                void forgetting.run('forget', () =>
                  callPos('resetSettings', { keys: ['lastChainId', 'lastAsset'] }),
                )
              }
            >
              Forget last choice
            </Button>
          ) : null}
        </Group>
        {forgetting.failure ? <FailureAlert failure={forgetting.failure} /> : null}
      </Stack>
    </Paper>
  );
}
