import { Alert, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AppInfo } from '../../../shared/ipc/views';
import type { EffectiveSettings, SettingKey } from '../../../shared/settings';
import { FailureAlert } from '../errors/failure-alert';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';
import { ConnectionPanel } from './connection-panel';
import { AboutPanel } from './about-panel';
import { DiagnosticsPanel } from './diagnostics-panel';
import { ManualPricesPanel } from './manual-prices-panel';
import { DisplaysPanel } from './displays-panel';
import { SoundPanel } from './sound-panel';
import { ReceiptSettingsPanel } from '../printing/receipt-settings-panel';
import { StaffPanel } from './staff-panel';
import { SettingField } from './setting-field';
import {
  changedPatch,
  draftOf,
  textSettingFields,
  type TextDraft,
  type TextSettingField,
} from './setting-fields';
import { problemsByKey } from './setting-problems';
import { SettingLabel } from './setting-label';

interface SettingsScreenProps {
  info: AppInfo;
  settings: EffectiveSettings | null;
  onSetup: () => void;
  onChanged: () => void;
}

/**
 * Every setting of the schema, each with where its value comes from; the ones IT manages are
 * read-only with a "Managed by IT" badge. The service address is not among the till's
 * settings here: it changes only with its token, in the payment service panel. The token is
 * only ever shown as set / not set.
 */
export function SettingsScreen({ info, settings, onSetup, onChanged }: SettingsScreenProps) {
  const [draft, setDraft] = useState<TextDraft | null>(settings ? draftOf(settings.values) : null);
  const [draftFrom, setDraftFrom] = useState(settings);
  const [saved, setSaved] = useState(false);
  // Main's refusal of the last save, per field, each shown beside its field until it is edited.
  const [problems, setProblems] = useState<Partial<Record<TextSettingField['key'], string>>>({});
  const saving = useTillAction();

  // New settings from main (a save, the policy, first run) reset the form to what is in
  // effect, in the same render: no frame shows the old draft beside the new settings.
  if (settings !== draftFrom) {
    setDraftFrom(settings);
    if (settings) setDraft(draftOf(settings.values));
  }

  if (!settings || !draft) return <Text c="dimmed">Loading settings…</Text>;

  const patch = changedPatch(draft, settings);
  const dirty = Object.keys(patch).length > 0;

  const save = async (values: Record<string, unknown>) => {
    setSaved(false);
    const result = await saving.run('save', () => callPos('updateSettings', { patch: values }));
    if (result?.ok) {
      setSaved(true);
      setProblems({});
      onChanged();
    } else if (result) {
      setProblems(
        problemsByKey(
          result.error.message,
          textSettingFields.map((field) => field.key),
        ),
      );
    }
  };
  const reset = async (keys: SettingKey[]) => {
    setSaved(false);
    await saving.run('reset', () => callPos('resetSettings', { keys }));
  };

  const policy = settings.policy;

  return (
    <Stack gap="md" maw={1100} mx="auto" data-testid="settings">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Settings
        </Title>
        <Button size="md" variant="light" onClick={onSetup} data-testid="open-setup">
          Set up the payment service…
        </Button>
      </Group>

      {policy.kind === 'applied' ? (
        <Alert
          color="grape"
          variant="light"
          data-testid="policy-status"
          title="Some settings are managed by IT"
        >
          {policy.lockedKeys.length} setting{policy.lockedKeys.length === 1 ? ' is' : 's are'}{' '}
          locked by the policy at {policy.path}. Ask IT to change them.
        </Alert>
      ) : policy.kind === 'invalid' || policy.kind === 'untrusted' ? (
        <Alert
          color="red"
          variant="light"
          data-testid="policy-status"
          title={
            policy.kind === 'invalid'
              ? 'An IT policy has problems and was ignored'
              : 'An IT policy was ignored: it is not protected'
          }
        >
          {policy.kind === 'invalid'
            ? `${policy.path}: ${policy.problems.join(' ')}`
            : `${policy.reason} Ask IT to check it.`}
        </Alert>
      ) : null}
      {settings.localProblems.length > 0 ? (
        <Alert color="amber" variant="light" title="Some saved values were ignored">
          {settings.localProblems.join(' ')}
        </Alert>
      ) : null}

      <Paper p="md" radius="lg" withBorder>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (dirty) void save(patch);
          }}
        >
          <Stack gap="md">
            <Title order={2} size="h3">
              Till
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {textSettingFields.map((field) => (
                <SettingField
                  key={field.key}
                  field={field}
                  settings={settings}
                  value={draft[field.key]}
                  problem={problems[field.key]}
                  onChange={(value) => {
                    setDraft((current) => (current ? { ...current, [field.key]: value } : current));
                    setProblems(({ [field.key]: _edited, ...others }) => others);
                    setSaved(false);
                  }}
                />
              ))}
            </SimpleGrid>
            <Group gap="md">
              <Switch
                size="lg"
                label={
                  <SettingLabel
                    settings={settings}
                    setting="demoModeAllowed"
                    text="Allow demo mode when no service is set"
                  />
                }
                checked={settings.values.demoModeAllowed}
                disabled={settings.keys.demoModeAllowed.locked}
                data-testid="setting-demoModeAllowed"
                onChange={(event) => void save({ demoModeAllowed: event.currentTarget.checked })}
              />
            </Group>
            <Group gap="sm">
              <Text size="sm" c="dimmed" data-testid="setting-last-choice">
                Last choice: chain {settings.values.lastChainId ?? '—'}, asset{' '}
                {settings.values.lastAsset ?? '—'}
              </Text>
              {settings.values.lastChainId !== null &&
              !settings.keys.lastChainId.locked &&
              !settings.keys.lastAsset.locked ? (
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => void reset(['lastChainId', 'lastAsset'])}
                >
                  Forget
                </Button>
              ) : null}
            </Group>
            {saving.failure ? (
              <FailureAlert
                failure={
                  Object.keys(problems).length > 0
                    ? { ...saving.failure, message: 'Nothing was saved: see the fields above.' }
                    : saving.failure
                }
              />
            ) : null}
            {saved && !dirty ? (
              <Text c="green" fw={600} data-testid="settings-saved">
                Saved.
              </Text>
            ) : null}
            <Group>
              <Button
                type="submit"
                disabled={!dirty}
                loading={saving.pending === 'save'}
                data-testid="save-settings"
              >
                Save
              </Button>
              <Button
                variant="default"
                disabled={!dirty}
                onClick={() => setDraft(draftOf(settings.values))}
              >
                Undo changes
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <ConnectionPanel info={info} settings={settings} onChanged={onChanged} />
      <DisplaysPanel settings={settings} />
      <SoundPanel settings={settings} save={save} />
      <ReceiptSettingsPanel settings={settings} save={save} />
      <ManualPricesPanel currency={settings.values.currency} />
      <StaffPanel />
      <AboutPanel version={info.version} />
      <DiagnosticsPanel />
    </Stack>
  );
}
