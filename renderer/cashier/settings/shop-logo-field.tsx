import { Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { SettingFieldProps } from './setting-fields';
import { SettingLabel } from './setting-label';

/** What the logo setting takes (shared/settings/shop.ts): these images, at most 256 KiB. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];
const MAX_BYTES = 256 * 1024;

/**
 * The shop's logo: an image chosen from this computer (kept in the settings as a data URL,
 * shown here as it will be), or an https address the customer display downloads. Saved with
 * the Shop section's Save, as its other fields.
 */
export function ShopLogoField({ field, settings, value, problem, onChange }: SettingFieldProps) {
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const image = value.startsWith('data:');

  const take = (file: File | null) => {
    setFileProblem(null);
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      setFileProblem('Choose a PNG, JPEG, WebP or SVG image.');
      return;
    }
    if (file.size > MAX_BYTES) {
      setFileProblem('This image is larger than 256 KiB: choose a smaller one.');
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') onChange(reader.result);
    };
    reader.onerror = () => setFileProblem('This file could not be read.');
    reader.readAsDataURL(file);
  };

  return (
    <Stack gap={6} data-testid="shop-logo-field">
      {image ? (
        <Group gap="sm">
          <img
            src={value}
            alt="The shop logo as chosen"
            style={{ height: 64, maxWidth: 240, objectFit: 'contain' }}
            data-testid="shop-logo-preview"
          />
          <Text size="sm" c="dimmed">
            An image chosen from this computer.
          </Text>
        </Group>
      ) : null}
      <TextInput
        label={<SettingLabel settings={settings} setting={field.key} text={field.label} />}
        description={field.help}
        placeholder={field.placeholder}
        value={image ? '' : value}
        error={fileProblem ?? problem}
        data-testid={`setting-${field.key}`}
        onChange={(event) => {
          setFileProblem(null);
          onChange(event.currentTarget.value);
        }}
      />
      <Group gap="sm">
        <FileButton onChange={take} accept={IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button {...props} size="md" variant="light" data-testid="shop-logo-file">
              Choose an image…
            </Button>
          )}
        </FileButton>
        {value !== '' ? (
          <Button
            size="md"
            variant="subtle"
            data-testid="shop-logo-clear"
            onClick={() => {
              setFileProblem(null);
              onChange('');
            }}
          >
            No logo
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
