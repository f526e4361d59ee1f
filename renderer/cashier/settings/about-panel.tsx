import { Paper, Stack, Text, Title } from '@mantine/core';
import { updateStatusWords, useUpdateStatus } from '../shell/use-update-status';

/** Which version this till runs and where its update stands: what support asks first. */
export function AboutPanel({ version }: { version: string }) {
  const update = useUpdateStatus();
  return (
    <Paper p="md" radius="lg" withBorder h="100%" data-testid="about-panel">
      <Stack gap="xs">
        <Title order={2} size="h3">
          About this till
        </Title>
        <Text data-testid="app-version">Counter {version}</Text>
        <Text size="sm" data-testid="update-status">
          {updateStatusWords(update)}
        </Text>
      </Stack>
    </Paper>
  );
}
