import { Alert, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { AppInfo } from '../../../shared/ipc/views';
import type { PageSettings } from '../../../shared/settings';
import type { StaffSession } from '../../../shared/staff';
import { FailureAlert } from '../errors/failure-alert';
import { ReceiptSettingsPanel } from '../printing/receipt-settings-panel';
import { DisplaysPanel } from './displays-panel';
import { ItSection } from './it-section';
import { LastChoice } from './last-choice';
import { ManualPricesPanel } from './manual-prices-panel';
import { SectionNote } from './section-note';
import {
  changedPatch,
  draftOf,
  rebaseDraft,
  type DraftKey,
  type TextDraft,
} from './setting-fields';
import { SettingsForm } from './settings-form';
import {
  changeAccess,
  settingsSections,
  type SettingsSection,
  type SettingsSectionName,
} from './settings-sections';
import { SoundPanel } from './sound-panel';
import { StaffPanel } from './staff-panel';
import { useSettingsSave } from './use-settings-save';

interface SettingsScreenProps {
  info: AppInfo;
  settings: PageSettings | null;
  /**
   * Who is at the till and what they may do (use-staff-session.ts): undefined until known,
   * null when the till offers no staff sessions (one cashier who may do everything).
   */
  session: StaffSession | null | undefined;
  /** A staff call answered with the session it left (the staff list changed). */
  onSession: (session: StaffSession) => void;
  onSetup: () => void;
  onChanged: () => void;
}

const READ_ONLY = 'Read-only: only a manager signed in at this till changes these.';

/**
 * The till's settings in sections, one shown at a time, by who may change them: Shop, Sale,
 * Receipts, Sound & displays, Staff and IT. A section the person may change by themself shows
 * its fields; one a manager's PIN may approve shows them too, says so in one line, and each
 * save asks that PIN in place (shell/pos.ts); what no approval lends (the IT section, the staff
 * list) is text. A value IT locked is never an input: it is text with "Managed by IT", and the
 * IT section lists every one of them. Each save sends only its own section's changed keys.
 */
export function SettingsScreen({
  info,
  settings,
  session,
  onSession,
  onSetup,
  onChanged,
}: SettingsScreenProps) {
  const [section, setSection] = useState<SettingsSectionName>('shop');
  const [draft, setDraft] = useState<TextDraft | null>(settings ? draftOf(settings.values) : null);
  const [draftFrom, setDraftFrom] = useState(settings);

  // New settings from main (a save, the policy, another section's change) replace the draft of
  // the values they changed, in the same render; what is typed elsewhere stays.
  if (settings !== draftFrom) {
    setDraftFrom(settings);
    if (settings) {
      setDraft((current) =>
        current && draftFrom
          ? rebaseDraft(current, draftFrom.values, settings.values)
          : draftOf(settings.values),
      );
    }
  }

  if (!settings || !draft || session === undefined) {
    return <Text c="dimmed">Loading settings…</Text>;
  }

  const edit = (key: DraftKey, value: string) =>
    setDraft((current) => (current ? { ...current, [key]: value } : current));
  const putBack = (keys: readonly DraftKey[], values: PageSettings['values']) =>
    setDraft((current) => {
      if (!current) return current;
      const next = { ...current };
      for (const key of keys) next[key] = values[key];
      return next;
    });
  const form = (of: SettingsSection) => ({
    keys: of.formKeys,
    settings,
    draft,
    onEdit: edit,
    onUndo: (keys: readonly DraftKey[]) => putBack(keys, settings.values),
    onSaved: (saved: PageSettings, keys: readonly DraftKey[]) => putBack(keys, saved.values),
    onChanged,
  });
  const sectionOf = (name: SettingsSectionName) =>
    settingsSections.find((candidate) => candidate.name === name)!;
  const accessOf = (name: SettingsSectionName) => changeAccess(session, sectionOf(name).permission);

  const content: Record<SettingsSectionName, ReactNode> = {
    shop: (
      <Stack gap="md">
        <SectionNote access={accessOf('shop')} readOnly={READ_ONLY} />
        <SettingsForm {...form(sectionOf('shop'))} editable={accessOf('shop') !== 'read-only'} />
      </Stack>
    ),
    sale: (
      <Stack gap="md">
        <SectionNote
          access={
            // The prices typed by hand are lent on their own permission.
            changeAccess(session, 'prices-and-fees') === 'own' ? accessOf('sale') : 'with-approval'
          }
          readOnly={READ_ONLY}
        />
        <SettingsForm {...form(sectionOf('sale'))} editable={accessOf('sale') !== 'read-only'} />
        <LastChoice settings={settings} />
        <ManualPricesPanel currency={settings.values.currency} />
      </Stack>
    ),
    receipts: (
      <InstantSection access={accessOf('receipts')} onChanged={onChanged}>
        {(save) => <ReceiptSettingsPanel settings={settings} save={save} />}
      </InstantSection>
    ),
    sound: (
      <InstantSection access={accessOf('sound')} onChanged={onChanged}>
        {(save) => (
          <>
            <SoundPanel settings={settings} save={save} />
            <DisplaysPanel settings={settings} />
          </>
        )}
      </InstantSection>
    ),
    staff: (
      <StaffPanel
        settings={settings}
        session={session}
        onSession={onSession}
        onChanged={onChanged}
      />
    ),
    it: <ItSection {...form(sectionOf('it'))} info={info} session={session} onSetup={onSetup} />,
  };

  return (
    <Stack gap="md" maw={1100} mx="auto" data-testid="settings">
      <Title order={1} size="h2">
        Settings
      </Title>
      {settings.localProblems.length > 0 ? (
        <Alert color="amber" variant="light" title="Some saved values were ignored">
          {settings.localProblems.join(' ')}
        </Alert>
      ) : null}
      <Tabs
        value={section}
        onChange={(next) => {
          if (next) setSection(next as SettingsSectionName);
        }}
        keepMounted={false}
        styles={{ tab: { minHeight: 44, fontSize: 'var(--mantine-font-size-md)' } }}
      >
        <Tabs.List aria-label="Settings sections">
          {settingsSections.map((each) => {
            const unsaved = Object.keys(changedPatch(draft, settings, each.formKeys)).length > 0;
            return (
              <Tabs.Tab
                key={each.name}
                value={each.name}
                data-testid={`settings-section-${each.name}-tab`}
                data-unsaved={unsaved || undefined}
              >
                {each.label}
                {unsaved ? (
                  <>
                    <span aria-hidden> •</span>
                    <VisuallyHidden>, not saved</VisuallyHidden>
                  </>
                ) : null}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {settingsSections.map((each) => (
          <Tabs.Panel
            key={each.name}
            value={each.name}
            pt="md"
            data-testid={`settings-section-${each.name}`}
          >
            {content[each.name]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/**
 * A section whose settings are saved at once, each on its own (a switch, a list choice): its
 * one-line note, its panels, and main's refusal of the last change.
 */
function InstantSection({
  access,
  onChanged,
  children,
}: {
  access: ReturnType<typeof changeAccess>;
  onChanged: () => void;
  children: (save: ReturnType<typeof useSettingsSave>['save']) => ReactNode;
}) {
  const saving = useSettingsSave(onChanged);
  return (
    <Stack gap="md">
      <SectionNote access={access} readOnly={READ_ONLY} />
      {children(saving.save)}
      {saving.failure ? <FailureAlert failure={saving.failure} /> : null}
    </Stack>
  );
}
