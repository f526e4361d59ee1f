import type { Settings } from '../../shared/settings';

/** electron-updater's generic provider: a folder holding <channel>.yml and the installers. */
export interface UpdateFeed {
  url: string;
  channel: string;
}

/** The feed IT's policy names, or undefined: no address means no updates (the default). */
export function updateFeedOf(
  settings: Pick<Settings, 'updateFeedUrl' | 'updateChannel'>,
): UpdateFeed | undefined {
  if (settings.updateFeedUrl === '') return undefined;
  return { url: settings.updateFeedUrl, channel: settings.updateChannel };
}
