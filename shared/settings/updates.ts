import { z } from 'zod';
import { declareSetting } from './setting-declaration';

/**
 * Where the till's updates come from (docs/it-deployment.md). Both are IT's: nobody at the
 * till may point the updater at another feed.
 */
export const updatesSettings = {
  /** Where the updater looks for new versions; '' = no updates (the default). */
  updateFeedUrl: declareSetting({
    schema: z
      .string()
      .max(2000, { message: 'The update address is too long.' })
      .regex(/^(?:https:\/\/[\x21-\x7e]+)?$/, {
        message: 'The update address must be empty (no updates) or start with https://.',
      }),
    default: '',
    itOnly: true,
    title: 'Update feed address',
    description:
      'The https address of the update feed (the folder holding latest.yml); empty turns updates off. IT only.',
  }),
  /** The update channel read from the feed ("latest" reads latest.yml). */
  updateChannel: declareSetting({
    schema: z.enum(['latest', 'beta', 'alpha'], {
      message: 'The update channel must be "latest", "beta" or "alpha".',
    }),
    default: 'latest',
    itOnly: true,
    title: 'Update channel',
    description: 'The update channel: latest, beta or alpha. IT only.',
  }),
};
