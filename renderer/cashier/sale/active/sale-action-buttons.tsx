import { Button, Group, Stack, Text } from '@mantine/core';
import type { SaleButton } from './sale-actions';

/**
 * The buttons the sale allows, each with its hint. While one call is pending the others are
 * disabled and the pressed one spins: a double click never sends a second call.
 */
export function SaleActionButtons({
  buttons,
  pending,
  onPress,
}: {
  buttons: readonly SaleButton[];
  pending: string | null;
  onPress: (button: SaleButton) => void;
}) {
  return (
    <Group gap="sm" style={{ alignItems: 'flex-start' }} data-testid="sale-actions">
      {buttons.map((button) => (
        <Stack key={button.action} gap={2} align="stretch" style={{ minWidth: 200 }}>
          <Button
            size="xl"
            h={64}
            data-testid={button.testId}
            variant={
              button.variant === 'primary'
                ? 'filled'
                : button.variant === 'danger'
                  ? 'outline'
                  : 'default'
            }
            color={button.variant === 'danger' ? 'red' : undefined}
            loading={pending === button.action}
            disabled={pending !== null && pending !== button.action}
            onClick={() => onPress(button)}
          >
            {button.label}
          </Button>
          {button.hint ? (
            <Text size="xs" c="dimmed" maw={260}>
              {button.hint}
            </Text>
          ) : null}
        </Stack>
      ))}
    </Group>
  );
}
