import { Paper, SimpleGrid, Stack } from '@mantine/core';
import type { AppInfo } from '../../../shared/ipc/views';
import type { PageSettings } from '../../../shared/settings';
import type { StaffSession } from '../../../shared/staff';
import { FailureAlert } from '../errors/failure-alert';
import { AboutPanel } from './about-panel';
import { ConnectionPanel } from './connection-panel';
import { DiagnosticsPanel } from './diagnostics-panel';
import { PolicyStatus } from './policy-status';
import { SectionNote } from './section-note';
import { SetByItList } from './set-by-it-list';
import { SettingSwitch } from './setting-switch';
import type { DraftKey, TextDraft } from './setting-fields';
import { SettingsForm } from './settings-form';
import { changeAccess } from './settings-sections';
import { useSettingsSave } from './use-settings-save';

/**
 * The IT section: the payment service and what the till trusts of it (serial number, service
 * time zone, wallet NFC AID, demo mode), which only the person holding `settings:service`
 * changes, by themself (no approval lends it); read-only to everyone else. Then what IT set
 * (every IT-only value, every value IT locked), the policy's status, the version, and the
 * diagnostics export.
 */
export function ItSection({
  info,
  settings,
  session,
  keys: formKeys,
  draft,
  onEdit,
  onUndo,
  onSaved,
  onSetup,
  onChanged,
}: {
  info: AppInfo;
  settings: PageSettings;
  session: StaffSession | null;
  /** The section's form settings (settings-sections.ts). */
  keys: readonly DraftKey[];
  draft: TextDraft;
  onEdit: (key: DraftKey, value: string) => void;
  onUndo: (keys: readonly DraftKey[]) => void;
  onSaved: (settings: PageSettings, keys: readonly DraftKey[]) => void;
  onSetup: () => void;
  onChanged: () => void;
}) {
  const access = changeAccess(session, 'settings:service');
  const editable = access !== 'read-only';
  const demo = useSettingsSave(onChanged);
  // A value IT locked is in "Set by IT" below, not a second time here.
  const keys = formKeys.filter((key) => !settings.keys[key].locked);
  return (
    <Stack gap="md">
      <SectionNote
        access={access}
        readOnly="Read-only: only IT, or a manager signed in at this till, changes the payment service and these settings."
      />
      <PolicyStatus policy={settings.policy} />
      <ConnectionPanel
        info={info}
        settings={settings}
        onChanged={onChanged}
        {...(editable ? { onSetup } : {})}
      />
      {keys.length > 0 ? (
        <SettingsForm
          keys={keys}
          settings={settings}
          draft={draft}
          editable={editable}
          onEdit={onEdit}
          onUndo={onUndo}
          onSaved={onSaved}
          onChanged={onChanged}
        />
      ) : null}
      {settings.keys.demoModeAllowed.locked ? null : (
        <Paper p="md" radius="lg" withBorder>
          <Stack gap="sm">
            <SettingSwitch
              settings={settings}
              setting="demoModeAllowed"
              label="Allow demo mode when no service is set"
              description="Without a payment service, the till runs against its built-in sandbox."
              editable={editable}
              onSave={(demoModeAllowed) => void demo.save({ demoModeAllowed })}
            />
            {demo.failure ? <FailureAlert failure={demo.failure} /> : null}
          </Stack>
        </Paper>
      )}
      <SetByItList settings={settings} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <AboutPanel version={info.version} />
        <DiagnosticsPanel
          needsApproval={changeAccess(session, 'export-diagnostics') === 'with-approval'}
        />
      </SimpleGrid>
    </Stack>
  );
}
