/** A window's or a display's rectangle, as Electron's `Rectangle` has it. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bounds a fake BrowserWindow starts with: those asked for in its constructor options. */
export function requestedBounds(options: Record<string, unknown>): Rect {
  return {
    x: options.x as number,
    y: options.y as number,
    width: options.width as number,
    height: options.height as number,
  };
}
