import type { WebContents } from 'electron';

/**
 * The webContents we created ourselves. The security hooks reject any other
 * (security-hooks.ts) and IPC handlers only answer these (ipc-sender.ts).
 */
export class WindowRegistry {
  private readonly ids = new Set<number>();

  add(contents: Pick<WebContents, 'id' | 'once'>): void {
    const { id } = contents;
    this.ids.add(id);
    contents.once('destroyed', () => this.ids.delete(id));
  }

  has(webContentsId: number): boolean {
    return this.ids.has(webContentsId);
  }

  /** A live view for isTrustedSender. */
  webContentsIds(): ReadonlySet<number> {
    return this.ids;
  }
}
