import { Resvg } from '@resvg/resvg-js';

/**
 * The app icon's sizes, rendered from its one source (resources/icons/icon.svg) with resvg:
 * Linux takes the folder of sizes, and electron-builder makes the Windows .ico and the macOS
 * .icns from the 1024 px icon.png.
 */
export const ICON_SIZES = [16, 32, 48, 64, 128, 256, 512, 1024] as const;

export function renderIcon(svg: string, size: number): Buffer {
  return Buffer.from(
    new Resvg(svg, { fitTo: { mode: 'width', value: size }, background: 'rgba(0,0,0,0)' })
      .render()
      .asPng(),
  );
}
