import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import type { TokenStatus } from '../../../shared/api-token';
import type { AppInfo, ConnectionTest } from '../../../shared/ipc/views';
import type { EffectiveSettings } from '../../../shared/settings';
import { FailureAlert } from '../errors/failure-alert';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';

/**
 * The API token: set or not set, with a masked tail; never shown. A new token is tested
 * against the configured service before it is saved.
 */
export function TokenPanel({
  info,
  settings,
  onChanged,
}: {
  info: AppInfo;
  settings: EffectiveSettings;
  onChanged: () => void;
}) {
  const [status, setStatus] = useState<TokenStatus | null>(null);
  const [token, setToken] = useState('');
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const action = useTillAction();
  const baseUrl = settings.values.serviceBaseUrl;

  useEffect(() => {
    void callPos('tokenStatus', {}).then((result) => result.ok && setStatus(result.value));
  }, [info]);

  const testAndSave = async () => {
    setTest(null);
    const candidate = token.trim();
    const tested = await action.run('test', () =>
      callPos('testConnection', { baseUrl, token: candidate }),
    );
    if (!tested?.ok) return;
    setTest(tested.value);
    if (!tested.value.ok) return;
    const saved = await action.run('save', () => callPos('setToken', { token: candidate }));
    if (saved?.ok) {
      setStatus(saved.value);
      setToken('');
      onChanged();
    }
  };
  const testStored = async () => {
    setTest(null);
    const result = await action.run('test-stored', () => callPos('testConnection', {}));
    if (result?.ok) setTest(result.value);
  };
  const clear = async () => {
    const result = await action.run('clear', () => callPos('clearToken', {}));
    if (result?.ok) {
      setStatus(result.value);
      onChanged();
    }
  };

  return (
    <Paper p="md" radius="lg" withBorder data-testid="token-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>API token</Title>
          {info.demoMode ? (
            <Badge color="yellow" size="lg">
              Demo mode: the sandbox's own token is used
            </Badge>
          ) : null}
        </Group>
        <Group gap="sm" data-testid="token-status">
          {status === null ? (
            <Text c="dimmed">…</Text>
          ) : status.set ? (
            <>
              <Badge color="green" size="lg">
                Set
              </Badge>
              {status.maskedTail ? <Text ff="monospace">{status.maskedTail}</Text> : null}
            </>
          ) : (
            <Badge color="gray" size="lg">
              Not set
            </Badge>
          )}
          {status?.problem ? <Text c="red.7">{status.problem}</Text> : null}
        </Group>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void testAndSave();
          }}
        >
          <Group align="end" gap="sm">
            <PasswordInput
              label="New token"
              description={
                baseUrl
                  ? 'Tested against the service before it is saved.'
                  : 'Set the payment service address first.'
              }
              value={token}
              autoComplete="off"
              onChange={(event) => setToken(event.currentTarget.value)}
              w={360}
              data-testid="token-input"
            />
            <Button
              type="submit"
              size="md"
              disabled={token.trim() === '' || !baseUrl}
              loading={action.pending === 'test' || action.pending === 'save'}
              data-testid="token-save"
            >
              Test and save
            </Button>
            <Button
              size="md"
              variant="light"
              onClick={() => void testStored()}
              loading={action.pending === 'test-stored'}
              data-testid="test-connection"
            >
              Test connection
            </Button>
            <Button
              size="md"
              variant="outline"
              color="red"
              disabled={!status?.set || info.demoMode}
              onClick={() => void clear()}
              data-testid="token-clear"
            >
              Clear token
            </Button>
          </Group>
        </form>
        {test ? (
          <Alert color={test.ok ? 'green' : 'red'} variant="light" data-testid="connection-test">
            {test.message}
          </Alert>
        ) : null}
        {action.failure ? <FailureAlert failure={action.failure} /> : null}
      </Stack>
    </Paper>
  );
}
