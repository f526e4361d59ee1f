import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { orderTime } from '../history/order-time';
import { nfcStatusWords } from '../nfc/nfc-status-words';
import { TapAnswerLine } from '../nfc/tap-answer-line';
import { ShiftIndicator } from '../shifts/shift-indicator';
import { serviceHealthWords, type HealthTone } from './service-health-words';
import { usePosEvent } from './use-pos';

const dot: Record<HealthTone, string> = {
  ok: 'var(--mantine-color-green-7)',
  busy: 'var(--mantine-color-blue-7)',
  problem: 'var(--mantine-color-red-7)',
  off: 'var(--mantine-color-gray-7)',
};

/**
 * Always in view at the bottom of the cashier window: the payment service (answering, slow,
 * not reachable, with its last answer), the NFC reader, demo mode and the shop's currency;
 * above them, for a few seconds, the answer to the last tap on the reader.
 */
export function StatusBar({
  demoMode,
  currency,
  timeZone,
  soundVolume,
}: {
  demoMode: boolean;
  currency: string;
  timeZone: string | undefined;
  /** The till's volume, for the tap's sound. */
  soundVolume: number;
}) {
  const health = usePosEvent('service-health');
  const nfc = usePosEvent('nfc-status');
  const service = serviceHealthWords(health, (atMs) => orderTime(atMs, timeZone));
  const reader = nfc
    ? nfcStatusWords(nfc)
    : { text: 'NFC status unknown', action: null, tone: 'off' as const };
  return (
    <Box
      component="footer"
      px="md"
      py={6}
      className="cashier-status-bar"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 10,
        background: 'var(--mantine-color-body)',
        borderTop: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <TapAnswerLine volume={soundVolume} />
      <Group gap="lg" wrap="nowrap" role="status" aria-live="polite" aria-label="Till status">
        <Item
          tone={service.tone}
          testId="service-health"
          state={health?.state ?? 'unknown'}
          title={service.detail}
        >
          {service.text}
          {service.detail ? ` · ${service.detail}` : ''}
        </Item>
        <Item
          tone={reader.tone}
          testId="nfc-status"
          state={nfc?.state ?? 'unknown'}
          title={reader.action}
        >
          {reader.text}
          {reader.action ? ` — ${reader.action}` : ''}
        </Item>
        {demoMode ? (
          <Text size="sm" fw={700} data-testid="status-demo" style={{ whiteSpace: 'nowrap' }}>
            Demo mode: no real payments
          </Text>
        ) : null}
        <ShiftIndicator />
        <Text size="sm" ml="auto" data-testid="status-currency" style={{ whiteSpace: 'nowrap' }}>
          Prices in {currency}
        </Text>
      </Group>
    </Box>
  );
}

function Item({
  tone,
  testId,
  state,
  title,
  children,
}: {
  tone: HealthTone;
  testId: string;
  state: string;
  title: string | null;
  children: ReactNode;
}) {
  return (
    <Group
      gap={6}
      wrap="nowrap"
      data-testid={testId}
      data-state={state}
      title={title ?? undefined}
      style={{ minWidth: 0 }}
    >
      <span
        aria-hidden
        style={{ width: 10, height: 10, borderRadius: 5, background: dot[tone], flex: 'none' }}
      />
      <Text size="sm" fw={600} truncate>
        {children}
      </Text>
    </Group>
  );
}
