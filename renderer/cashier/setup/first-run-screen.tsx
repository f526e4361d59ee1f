import {
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { AppInfo, ConnectionTest } from '../../../shared/ipc/views';
import type { PageSettings } from '../../../shared/settings';
import { FailureAlert } from '../errors/failure-alert';
import { ChoiceSelect } from '../settings/choice-select';
import { currencyChoices } from '../settings/setting-choices';
import { problemsByKey } from '../settings/setting-problems';
import { SourceBadge } from '../settings/source-badge';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';
import { hiddenAddressWords, setupConnection, setupPatch, type SetupFields } from './setup-patch';

interface FirstRunProps {
  info: AppInfo;
  settings: PageSettings | null;
  /** True when the till cannot work until a service is set up (demo mode not allowed). */
  forced: boolean;
  onDone: () => void;
}

const fieldLabels: Record<keyof SetupFields, string> = {
  serviceBaseUrl: 'Payment service address',
  serialNumber: 'Till serial number',
  currency: 'Currency shown to the customer',
  feeValue: 'Fee per QR sale',
};

/**
 * First run (or "Set up the payment service" from Settings): demo mode, or a real service
 * whose address and token are tested together before anything is saved, then saved together
 * by main (connectService), the token for that address only. Managed values are shown
 * read-only with their badge.
 */
export function FirstRunScreen({ info, settings, forced, onDone }: FirstRunProps) {
  const demoAllowed = settings?.values.demoModeAllowed ?? true;
  const [mode, setMode] = useState<'demo' | 'service'>(
    forced || !demoAllowed ? 'service' : info.demoMode ? 'demo' : 'service',
  );
  const [fields, setFields] = useState<SetupFields>(() => ({
    serviceBaseUrl: settings?.values.serviceBaseUrl ?? '',
    serialNumber: settings?.values.serialNumber ?? '',
    currency: settings?.values.currency ?? 'USD',
    feeValue: settings?.values.feeValue ?? '0',
  }));
  const [token, setToken] = useState('');
  const [test, setTest] = useState<{ result: ConnectionTest; for: string } | null>(null);
  const action = useTillAction();
  const locked = (key: keyof SetupFields) => settings?.keys[key].locked ?? false;
  const testedKey = `${fields.serviceBaseUrl}\n${token}`;
  const testPassed = test?.result.ok === true && test.for === testedKey;
  // A value main refused is named beside its field (and in the alert below the form).
  const problems =
    action.failure?.kind === 'settings-invalid'
      ? problemsByKey(action.failure.message, Object.keys(fieldLabels) as (keyof SetupFields)[])
      : {};

  const runTest = async () => {
    if (!settings) return;
    setTest(null);
    const result = await action.run('test', () =>
      callPos('testConnection', setupConnection(fields, token, settings)),
    );
    if (result?.ok) setTest({ result: result.value, for: testedKey });
  };

  const saveService = async () => {
    if (!testPassed || !settings) return;
    const connected = await action.run('save-connection', () =>
      callPos('connectService', setupConnection(fields, token, settings)),
    );
    if (!connected?.ok) return;
    const patch = setupPatch(fields, settings);
    if (Object.keys(patch).length > 0) {
      const written = await action.run('save-settings', () => callPos('updateSettings', { patch }));
      if (!written?.ok) return;
    }
    onDone();
  };

  const chooseDemoMode = async () => {
    if (!settings) return;
    // The address and its token go together, in one step main takes.
    if (settings.values.serviceBaseUrl !== '' && !locked('serviceBaseUrl')) {
      const disconnected = await action.run('demo', () => callPos('disconnectService', {}));
      if (!disconnected?.ok) return;
    }
    onDone();
  };

  return (
    <Stack gap="md" maw={860} mx="auto" data-testid="first-run">
      <Title order={1} size="h2">
        Set up the till
      </Title>
      {forced ? (
        <Alert color="amber" variant="light" title="A payment service is needed">
          Demo mode is turned off by IT on this till. Enter the payment service address and API
          token to take payments.
        </Alert>
      ) : null}
      <SegmentedControl
        size="lg"
        value={mode}
        onChange={(value) => setMode(value as 'demo' | 'service')}
        data={[
          { value: 'demo', label: 'Demo mode', disabled: !demoAllowed || locked('serviceBaseUrl') },
          { value: 'service', label: 'Real payment service' },
        ]}
        data-testid="setup-mode"
      />
      {mode === 'demo' ? (
        <Paper p="md" radius="lg" withBorder>
          <Stack gap="sm">
            <Text size="lg">
              Demo mode uses the built-in sandbox: sample chains and assets, nothing is really paid.
              Good for training and trying the till.
            </Text>
            <Group>
              <Button
                onClick={() => void chooseDemoMode()}
                loading={action.pending === 'demo'}
                data-testid="setup-use-demo"
              >
                Use demo mode
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Paper p="md" radius="lg" withBorder>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void (testPassed ? saveService() : runTest());
            }}
          >
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {(Object.keys(fieldLabels) as (keyof SetupFields)[]).map((key) => {
                  const shared = {
                    label: (
                      <Group gap={6} component="span">
                        <span>{fieldLabels[key]}</span>
                        {settings ? <SourceBadge settings={settings} setting={key} /> : null}
                      </Group>
                    ),
                    error: problems[key],
                    readOnly: locked(key),
                    disabled: locked(key),
                    'data-testid': `setup-${key}`,
                  };
                  const change = (value: string) =>
                    setFields((current) => ({ ...current, [key]: value }));
                  return key === 'currency' ? (
                    <ChoiceSelect
                      key={key}
                      {...shared}
                      choices={currencyChoices(fields.currency)}
                      value={fields.currency}
                      onChoose={change}
                    />
                  ) : (
                    <TextInput
                      key={key}
                      {...shared}
                      value={fields[key]}
                      placeholder={
                        key === 'serviceBaseUrl'
                          ? 'https://pay.example.com/v1/cf-payment'
                          : undefined
                      }
                      description={
                        key === 'serviceBaseUrl' ? hiddenAddressWords(fields[key]) : undefined
                      }
                      onChange={(event) => change(event.currentTarget.value)}
                    />
                  );
                })}
                <PasswordInput
                  label="API token"
                  description="Tested with the address, then saved for that address only; never shown again."
                  value={token}
                  autoComplete="off"
                  onChange={(event) => setToken(event.currentTarget.value)}
                  data-testid="setup-token"
                />
              </SimpleGrid>
              {test ? (
                <Alert
                  color={test.result.ok ? 'green' : 'red'}
                  variant="light"
                  data-testid="setup-test-result"
                >
                  {test.result.message}
                </Alert>
              ) : null}
              {action.failure ? <FailureAlert failure={action.failure} /> : null}
              <Group>
                <Button
                  type={testPassed ? 'button' : 'submit'}
                  variant={testPassed ? 'light' : 'filled'}
                  disabled={fields.serviceBaseUrl.trim() === '' || token.trim() === ''}
                  loading={action.pending === 'test'}
                  onClick={testPassed ? () => void runTest() : undefined}
                  data-testid="setup-test"
                >
                  Test connection
                </Button>
                <Button
                  type={testPassed ? 'submit' : 'button'}
                  disabled={!testPassed}
                  loading={
                    action.pending === 'save-connection' || action.pending === 'save-settings'
                  }
                  data-testid="setup-save"
                >
                  Save and start
                </Button>
              </Group>
              {!testPassed ? (
                <Text size="sm" c="dimmed">
                  Save is possible once the test passes with this address and token.
                </Text>
              ) : null}
            </Stack>
          </form>
        </Paper>
      )}
      {!forced ? (
        <Group>
          <Button variant="subtle" onClick={onDone}>
            Back
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
