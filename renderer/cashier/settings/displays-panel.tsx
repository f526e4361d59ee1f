import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { DisplaysView } from '../../../shared/ipc/views';
import type { CustomerDisplayMode, PageSettings } from '../../../shared/settings';
import { FailureAlert } from '../errors/failure-alert';
import { callPos } from '../shell/pos';
import { usePosListener, useTillAction } from '../shell/use-pos';
import { ReadOnlySetting } from './read-only-setting';
import { customerDisplayModeWords } from './setting-words';

// Listed here rather than imported: shared/settings.ts would bring zod into the page bundle.
const customerDisplayModes: readonly CustomerDisplayMode[] = [
  'auto',
  'display',
  'same-screen',
  'off',
];

/**
 * Where the customer display goes, saved at once, with "Identify displays" to tell the
 * monitors apart. A choice IT locked is shown as text.
 */
export function DisplaysPanel({ settings }: { settings: PageSettings }) {
  const [view, setView] = useState<DisplaysView | null>(null);
  const action = useTillAction();
  const locked = settings.keys.customerDisplay.locked;
  const current = settings.values.customerDisplay;

  useEffect(() => {
    void callPos('listDisplays', {}).then((result) => result.ok && setView(result.value));
  }, []);
  usePosListener('displays-changed', (next) => setView(next));

  const choose = (mode: CustomerDisplayMode, displayId?: number) => {
    const value =
      mode === 'display'
        ? {
            mode,
            displayId:
              displayId ??
              view?.displays.find((d) => d.id !== view.cashierDisplayId)?.id ??
              view?.displays[0]?.id,
          }
        : { mode };
    if (mode === 'display' && value.displayId === undefined) return;
    void action.run('display', () =>
      callPos('updateSettings', { patch: { customerDisplay: value } }),
    );
  };

  const choice = view?.choice;
  return (
    <Paper p="md" radius="lg" withBorder data-testid="displays-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">
            Customer display
          </Title>
          <Button
            size="md"
            variant="light"
            onClick={() => void action.run('identify', () => callPos('identifyDisplays', {}))}
            data-testid="identify-displays"
          >
            Identify displays
          </Button>
        </Group>
        {locked ? (
          <ReadOnlySetting
            settings={settings}
            setting="customerDisplay"
            label="Show the customer display on"
          />
        ) : (
          <Group align="end" gap="sm">
            <NativeSelect
              label="Show the customer display on"
              value={current.mode}
              data={customerDisplayModes.map((mode) => ({
                value: mode,
                label: customerDisplayModeWords[mode],
              }))}
              onChange={(event) => choose(event.currentTarget.value as CustomerDisplayMode)}
              data-testid="display-mode"
              w={380}
            />
            {current.mode === 'display' ? (
              <NativeSelect
                label="Display"
                value={String(current.displayId ?? '')}
                data={(view?.displays ?? []).map((display) => ({
                  value: String(display.id),
                  label: `${display.label ?? `Display ${display.id}`} (${display.bounds.width}×${display.bounds.height})${display.id === view?.cashierDisplayId ? ' — cashier' : ''}`,
                }))}
                onChange={(event) => choose('display', Number(event.currentTarget.value))}
                data-testid="display-id"
                w={320}
              />
            ) : null}
          </Group>
        )}
        <Text size="sm" c="dimmed" data-testid="display-choice">
          {view === null
            ? 'Looking for displays…'
            : view.displays.length === 0
              ? 'No displays reported (test harness or headless run).'
              : choice?.kind === 'off'
                ? 'The customer display is not shown.'
                : `Now shown ${choice?.kind === 'fullscreen' ? 'full screen' : 'in a window'} on display ${choice?.displayId}.`}
        </Text>
        {choice?.note ? (
          <Alert color="amber" variant="light">
            {choice.note}
          </Alert>
        ) : null}
        {action.failure ? <FailureAlert failure={action.failure} /> : null}
      </Stack>
    </Paper>
  );
}
