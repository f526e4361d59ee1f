import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import type { TokenStatus } from '../../../shared/api-token';
import type { AppInfo, ConnectionTest } from '../../../shared/ipc/views';
import type { PageSettings } from '../../../shared/settings';
import { FailureAlert } from '../errors/failure-alert';
import { hiddenAddressWords } from '../setup/setup-patch';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';
import { ReadOnlySetting } from './read-only-setting';
import { SettingLabel } from './setting-label';

/**
 * The payment service: its address and its API token, entered together. Main tests them
 * against the service and saves both only when the test passes; the token is then sent to
 * that address only, and is never shown again (set / not set, a masked tail). An address IT
 * locks is read-only: when IT moves it, the saved token no longer goes anywhere and this
 * panel asks for the token for the new address. To whoever may not change the till's IT
 * settings (`onSetup` absent) it only says where the till is connected, with no field and no
 * button but the test of the connection in use.
 */
export function ConnectionPanel({
  info,
  settings,
  onChanged,
  onSetup,
}: {
  info: AppInfo;
  settings: PageSettings;
  onChanged: () => void;
  /** Opens the first-run setup; absent: the panel is read-only. */
  onSetup?: () => void;
}) {
  const readOnly = onSetup === undefined;
  const saved = settings.values.serviceBaseUrl;
  const locked = settings.keys.serviceBaseUrl.locked;
  const [status, setStatus] = useState<TokenStatus | null>(null);
  const [address, setAddress] = useState(saved);
  const [addressFrom, setAddressFrom] = useState(saved);
  const [token, setToken] = useState('');
  const [outcome, setOutcome] = useState<ConnectionTest | null>(null);
  const action = useTillAction();

  // A new address from main (a connection, IT's policy) replaces the draft in the same render.
  if (saved !== addressFrom) {
    setAddressFrom(saved);
    setAddress(saved);
  }

  useEffect(() => {
    void callPos('tokenStatus', {}).then((result) => result.ok && setStatus(result.value));
  }, [info]);

  const candidate = (locked ? saved : address).trim();

  const connect = async () => {
    setOutcome(null);
    const result = await action.run('connect', () =>
      callPos('connectService', { baseUrl: candidate, token: token.trim() }),
    );
    if (!result?.ok) return;
    setStatus(result.value.token);
    setOutcome({ ok: true, message: result.value.message });
    setToken('');
    onChanged();
  };
  const testInUse = async () => {
    setOutcome(null);
    const result = await action.run('test', () => callPos('testConnection', {}));
    if (result?.ok) setOutcome(result.value);
  };
  const disconnect = async () => {
    setOutcome(null);
    const result = await action.run('disconnect', () => callPos('disconnectService', {}));
    if (!result?.ok) return;
    setStatus(result.value.token);
    setOutcome({ ok: true, message: result.value.message });
    onChanged();
  };

  return (
    <Paper p="md" radius="lg" withBorder data-testid="connection-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={2} size="h3">
              Payment service
            </Title>
            {info.demoMode ? (
              <Badge color="yellow" size="lg">
                Demo mode: the built-in sandbox and its own token
              </Badge>
            ) : null}
          </Group>
          {onSetup ? (
            <Button size="md" variant="light" onClick={onSetup} data-testid="open-setup">
              Set up the payment service…
            </Button>
          ) : null}
        </Group>
        {readOnly ? (
          <ReadOnlySetting
            settings={settings}
            setting="serviceBaseUrl"
            testId="connection-address"
          />
        ) : null}
        <Group gap="sm" data-testid="token-status">
          <Text fw={600}>API token</Text>
          {status === null ? (
            <Text c="dimmed">…</Text>
          ) : status.set ? (
            <>
              <Badge color="green" size="lg">
                Set
              </Badge>
              {status.maskedTail ? <Text ff="monospace">{status.maskedTail}</Text> : null}
              {status.origin ? <Text c="dimmed">for {status.origin} only</Text> : null}
            </>
          ) : (
            <Badge color="gray" size="lg">
              Not set
            </Badge>
          )}
        </Group>
        {status?.problem ? (
          <Alert
            color="red"
            variant="light"
            title="Enter the token again"
            data-testid="token-problem"
          >
            {status.problem}
          </Alert>
        ) : null}
        {readOnly ? (
          <Group>
            <Button
              size="md"
              variant="light"
              onClick={() => void testInUse()}
              loading={action.pending === 'test'}
              data-testid="test-connection"
            >
              Test the connection in use
            </Button>
          </Group>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void connect();
            }}
          >
            <Stack gap="sm">
              {locked ? (
                <ReadOnlySetting
                  settings={settings}
                  setting="serviceBaseUrl"
                  testId="connection-address"
                />
              ) : null}
              <Group align="end" gap="sm">
                {locked ? null : (
                  <TextInput
                    label={
                      <SettingLabel
                        settings={settings}
                        setting="serviceBaseUrl"
                        text="Service address"
                      />
                    }
                    description={hiddenAddressWords(address) ?? 'Ends in /v1/cf-payment.'}
                    placeholder="https://pay.example.com/v1/cf-payment"
                    value={address}
                    onChange={(event) => setAddress(event.currentTarget.value)}
                    w={420}
                    data-testid="connection-address"
                  />
                )}
                <PasswordInput
                  label={locked ? 'API token for the address IT set' : 'API token for this address'}
                  description="Tested with the address, then saved with it."
                  value={token}
                  autoComplete="off"
                  onChange={(event) => setToken(event.currentTarget.value)}
                  w={320}
                  data-testid="token-input"
                />
              </Group>
              <Group gap="sm">
                <Button
                  type="submit"
                  size="md"
                  disabled={candidate === '' || token.trim() === ''}
                  loading={action.pending === 'connect'}
                  data-testid="connection-save"
                >
                  Test and connect
                </Button>
                <Button
                  size="md"
                  variant="light"
                  onClick={() => void testInUse()}
                  loading={action.pending === 'test'}
                  data-testid="test-connection"
                >
                  Test the connection in use
                </Button>
                <Button
                  size="md"
                  variant="outline"
                  color="red"
                  disabled={locked || saved === ''}
                  onClick={() => void disconnect()}
                  loading={action.pending === 'disconnect'}
                  data-testid="connection-disconnect"
                >
                  {settings.values.demoModeAllowed
                    ? 'Disconnect (back to demo mode)'
                    : 'Disconnect'}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {outcome ? (
          <Alert color={outcome.ok ? 'green' : 'red'} variant="light" data-testid="connection-test">
            {outcome.message}
          </Alert>
        ) : null}
        {action.failure ? <FailureAlert failure={action.failure} /> : null}
      </Stack>
    </Paper>
  );
}
