import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PageSettings, SettingKey } from '../../../shared/settings';
import { ReadOnlySetting } from './read-only-setting';
import { itOnlyKeys } from './setting-words';

/**
 * What IT decides for this till, read-only to everyone at it: every setting only IT sets (the
 * update feed, where prices come from, …) and every value IT locked, with "Managed by IT".
 */
export function SetByItList({ settings }: { settings: PageSettings }) {
  const keys = (Object.keys(settings.keys) as SettingKey[]).filter(
    (key) => itOnlyKeys.has(key) || settings.keys[key].locked,
  );
  return (
    <Paper p="md" radius="lg" withBorder data-testid="set-by-it">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Set by IT
        </Title>
        <Text size="sm" c="dimmed">
          Only IT’s policy changes these. Ask IT to change them.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
          {keys.map((key) => (
            <ReadOnlySetting
              key={key}
              settings={settings}
              setting={key}
              testId={`it-setting-${key}`}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
