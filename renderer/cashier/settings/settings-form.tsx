import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PageSettings } from '../../../shared/settings';
import { FailureAlert } from '../errors/failure-alert';
import { ReadOnlySetting } from './read-only-setting';
import { SettingField } from './setting-field';
import { changedPatch, textSettingFields, type DraftKey, type TextDraft } from './setting-fields';
import { useSettingsSave } from './use-settings-save';

interface SettingsFormProps {
  /** The section's settings, in screen order. */
  keys: readonly DraftKey[];
  settings: PageSettings;
  /** What is typed in every section (the screen keeps it while another section is shown). */
  draft: TextDraft;
  /** False: the person may not change these, even with an approval: shown as text. */
  editable: boolean;
  onEdit: (key: DraftKey, value: string) => void;
  /** Puts these fields back to what is in effect. */
  onUndo: (keys: readonly DraftKey[]) => void;
  /** A save went through: main's settings, as they now are. */
  onSaved: (settings: PageSettings, keys: readonly DraftKey[]) => void;
  onChanged: () => void;
}

/**
 * A section's settings typed or picked, saved together with its Save: one `updateSettings`
 * with this section's changed keys only. A setting IT locked, or every setting when the person
 * may not change the section, is text, never an input.
 */
export function SettingsForm({
  keys,
  settings,
  draft,
  editable,
  onEdit,
  onUndo,
  onSaved,
  onChanged,
}: SettingsFormProps) {
  const saving = useSettingsSave(onChanged);
  const patch = changedPatch(draft, settings, keys);
  const dirty = Object.keys(patch).length > 0;
  const inputs = editable && keys.some((key) => !settings.keys[key].locked);

  if (!inputs) {
    return (
      <Paper p="md" radius="lg" withBorder>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {keys.map((key) => (
            <ReadOnlySetting key={key} settings={settings} setting={key} />
          ))}
        </SimpleGrid>
      </Paper>
    );
  }

  const submit = async () => {
    if (!dirty) return;
    const next = await saving.save(patch);
    if (next) onSaved(next, keys);
  };

  return (
    <Paper p="md" radius="lg" withBorder>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {keys.map((key) => (
              <SettingField
                key={key}
                field={textSettingFields[key]}
                settings={settings}
                value={draft[key]}
                problem={saving.problems[key]}
                onChange={(value) => {
                  onEdit(key, value);
                  saving.edited(key);
                }}
              />
            ))}
          </SimpleGrid>
          {saving.failure ? (
            <FailureAlert
              failure={
                Object.keys(saving.problems).length > 0
                  ? { ...saving.failure, message: 'Nothing was saved: see the fields above.' }
                  : saving.failure
              }
            />
          ) : null}
          {saving.saved && !dirty ? (
            <Text c="green" fw={600} data-testid="settings-saved">
              Saved.
            </Text>
          ) : null}
          <Group>
            <Button
              type="submit"
              disabled={!dirty}
              loading={saving.pending}
              data-testid="save-settings"
            >
              Save
            </Button>
            <Button
              variant="default"
              disabled={!dirty}
              data-testid="undo-settings"
              onClick={() => onUndo(keys)}
            >
              Undo changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
