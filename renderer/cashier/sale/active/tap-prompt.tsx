import { Alert, Box, Group, Stack, Text } from '@mantine/core';
import { StatusIcon } from '../../../common/status-icon';
import { nfcStatusWords } from '../../nfc/nfc-status-words';
import { usePosEvent } from '../../shell/use-pos';

/** An NFC sale waiting for the customer's phone: what to do, the reader's state, the last error. */
export function TapPrompt({ requested }: { requested: string }) {
  const nfc = usePosEvent('nfc-status');
  const words = nfc ? nfcStatusWords(nfc) : null;
  return (
    <Group gap="lg" py="md" wrap="nowrap" data-testid="tap-prompt">
      <Box c="blue">
        <StatusIcon kind="tap" size={88} />
      </Box>
      <Stack gap={4}>
        <Text size="xl" fw={800}>
          Tap your phone on the reader
        </Text>
        <Text size="lg">Ask the customer to hold their phone on the reader for {requested}.</Text>
        {words ? (
          <Text size="md" c={words.usable ? 'dimmed' : 'orange'}>
            {words.text}
            {words.action && !nfc?.lastError ? ` — ${words.action}` : ''}
          </Text>
        ) : null}
        {nfc?.lastError ? (
          <Alert
            color="orange"
            variant="light"
            title="The last tap did not work"
            data-testid="nfc-last-error"
            p="xs"
          >
            {nfc.lastError}
          </Alert>
        ) : null}
      </Stack>
    </Group>
  );
}
