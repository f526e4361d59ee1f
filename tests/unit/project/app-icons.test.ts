import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ICON_SIZES, renderIcon } from '../../support/app-icons';

// Every icon the installers use is rendered from resources/icons/icon.svg. After changing the
// SVG, regenerate with: UPDATE_ICONS=1 npx vitest run tests/unit/project/app-icons.test.ts
const iconsDir = join(import.meta.dirname, '../../../resources/icons');
const svg = readFileSync(join(iconsDir, 'icon.svg'), 'utf8');

const fileFor = (size: number) => join(iconsDir, 'png', `${size}x${size}.png`);

describe('app icons', () => {
  if (process.env.UPDATE_ICONS) {
    mkdirSync(join(iconsDir, 'png'), { recursive: true });
    for (const size of ICON_SIZES) writeFileSync(fileFor(size), renderIcon(svg, size));
    writeFileSync(join(iconsDir, 'icon.png'), renderIcon(svg, 1024));
  }

  it.each(ICON_SIZES)('the %i px icon is the one rendered from icon.svg', (size) => {
    expect(existsSync(fileFor(size))).toBe(true);
    const committed = PNG.sync.read(readFileSync(fileFor(size)));
    const fresh = PNG.sync.read(renderIcon(svg, size));
    expect([committed.width, committed.height]).toEqual([size, size]);
    expect(committed.data.equals(fresh.data)).toBe(true);
  });

  it('icon.png, which electron-builder turns into the .ico and .icns, is the 1024 px one', () => {
    const icon = PNG.sync.read(readFileSync(join(iconsDir, 'icon.png')));
    expect(icon.data.equals(PNG.sync.read(readFileSync(fileFor(1024))).data)).toBe(true);
    // A tile with transparent corners, not a square: the OS draws its own background.
    expect(icon.data[3]).toBe(0);
    expect(icon.data[(512 * 1024 + 512) * 4 + 3]).toBe(255);
  });
});
