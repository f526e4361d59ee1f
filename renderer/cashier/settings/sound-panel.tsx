import { Button, Group, Paper, Slider, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PageSettings } from '../../../shared/settings';
import { useSoundPort } from '../../common/sound/sound-port-context';
import { ReadOnlySetting } from './read-only-setting';
import { SettingSwitch } from './setting-switch';
import type { SaveSettings } from './use-settings-save';

/**
 * The till's sounds: on or off, how loud, a button to hear the level, and whether the
 * customer display plays them too. Each change is saved at once through `save`; a setting IT
 * manages is shown as text, and "Test sound" plays whatever the settings.
 */
export function SoundPanel({ settings, save }: { settings: PageSettings; save: SaveSettings }) {
  const port = useSoundPort();
  const { values, keys } = settings;
  // The slider moves freely while dragged and is saved when let go; a new value from main
  // (a save, IT's policy) moves it back to what is in effect.
  const [volume, setVolume] = useState(values.soundVolume);
  const [volumeFrom, setVolumeFrom] = useState(values.soundVolume);
  if (values.soundVolume !== volumeFrom) {
    setVolumeFrom(values.soundVolume);
    setVolume(values.soundVolume);
  }
  const volumeLocked = keys.soundVolume.locked;

  return (
    <Paper p="md" radius="lg" withBorder data-testid="sound-panel">
      <Stack gap="md">
        <Title order={2} size="h3">
          Sounds
        </Title>
        <SettingSwitch
          settings={settings}
          setting="soundOn"
          label="Sounds at the till"
          description="A short sound when a card is read, a payment goes through or something goes wrong."
          onSave={(soundOn) => void save({ soundOn })}
        />
        <Stack gap={4}>
          {volumeLocked ? (
            <ReadOnlySetting settings={settings} setting="soundVolume" />
          ) : (
            <Text fw={500}>Volume</Text>
          )}
          <Group gap="md" wrap="nowrap">
            {volumeLocked ? null : (
              <Slider
                flex={1}
                min={0}
                max={100}
                step={1}
                size="lg"
                thumbSize={28}
                // The whole 44 px band takes a finger, not just the thin track.
                styles={{ root: { height: 44 }, trackContainer: { height: 44 } }}
                label={null}
                thumbLabel="Volume"
                value={volume}
                data-testid="setting-soundVolume"
                onChange={setVolume}
                onChangeEnd={(end) => {
                  if (end !== values.soundVolume) void save({ soundVolume: end });
                }}
              />
            )}
            {volumeLocked ? null : (
              <Text w={48} ta="right" fw={600} data-testid="sound-volume-value">
                {volume}
              </Text>
            )}
            <Button
              size="md"
              variant="light"
              data-testid="test-sound"
              onClick={() => port.play('accepted', volume)}
            >
              Test sound
            </Button>
          </Group>
        </Stack>
        <SettingSwitch
          settings={settings}
          setting="customerDisplaySound"
          label="Customer display plays sounds too"
          description="Only while sounds at the till are on; never the error sound."
          onSave={(customerDisplaySound) => void save({ customerDisplaySound })}
        />
      </Stack>
    </Paper>
  );
}
