import { z } from 'zod';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the cashier window was when it last moved, resized or closed. */
export interface SavedWindowState {
  /** The normal (not maximized) bounds, so a maximized window un-maximizes to them. */
  bounds: Rect;
  maximized: boolean;
}

const rectSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
const savedWindowStateSchema = z.object({ bounds: rectSchema, maximized: z.boolean() });

/** A saved file is read back through this: anything malformed counts as nothing saved. */
export function parseSavedWindowState(value: unknown): SavedWindowState | undefined {
  const parsed = savedWindowStateSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Where to open the cashier window: where it was, if that still overlaps a connected
 * monitor (the till's monitors change: a second screen unplugged, a resolution lowered);
 * otherwise the default size, no larger than the primary monitor's work area, centred on it.
 */
export function restoredPlacement(
  saved: SavedWindowState | undefined,
  displays: readonly { bounds: Rect }[],
  primaryWorkArea: Rect,
  defaultSize: { width: number; height: number },
): SavedWindowState {
  if (saved && displays.some((display) => intersects(saved.bounds, display.bounds))) return saved;
  const width = Math.min(defaultSize.width, primaryWorkArea.width);
  const height = Math.min(defaultSize.height, primaryWorkArea.height);
  return {
    bounds: {
      x: primaryWorkArea.x + Math.round((primaryWorkArea.width - width) / 2),
      y: primaryWorkArea.y + Math.round((primaryWorkArea.height - height) / 2),
      width,
      height,
    },
    maximized: false,
  };
}
