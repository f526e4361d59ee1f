import { Box, Group, Text } from '@mantine/core';
import { usePosEvent } from '../shell/use-pos';
import { nfcStatusWords, type NfcTone } from './nfc-status-words';

const dot: Record<NfcTone, string> = {
  ok: 'var(--mantine-color-green-6)',
  busy: 'var(--mantine-color-blue-5)',
  problem: 'var(--mantine-color-orange-6)',
  off: 'var(--mantine-color-gray-5)',
};

/** The reader's status, always visible under the header. */
export function NfcStatusBar() {
  const status = usePosEvent('nfc-status');
  const words = status
    ? nfcStatusWords(status)
    : { text: 'NFC status unknown', action: null, tone: 'off' as const };
  return (
    <Box
      px="md"
      py={6}
      bg={words.tone === 'problem' ? 'orange.0' : 'gray.0'}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group
        gap="xs"
        wrap="nowrap"
        data-testid="nfc-status"
        data-state={status?.state ?? 'unknown'}
        role="status"
        aria-live="polite"
      >
        <span
          aria-hidden
          style={{
            width: 10,
            height: 10,
            borderRadius: 5,
            background: dot[words.tone],
            flex: 'none',
          }}
        />
        <Text size="sm" fw={600} style={{ flex: 'none', whiteSpace: 'nowrap' }}>
          {words.text}
        </Text>
        {words.action ? (
          <Text size="sm" c="dimmed" truncate>
            — {words.action}
          </Text>
        ) : null}
      </Group>
    </Box>
  );
}
