import { z } from 'zod';
import { declareSetting } from './setting-declaration';

/**
 * What the customer sees and both sides hear: where the customer display goes, and the short
 * sounds on a card read, a payment and an error.
 */

const customerDisplayModes = ['auto', 'display', 'same-screen', 'off'] as const;
export type CustomerDisplayMode = (typeof customerDisplayModes)[number];

const customerDisplaySettingSchema = z
  .object({
    mode: z.enum(customerDisplayModes, {
      message:
        'The customer display mode must be one of "auto", "display", "same-screen" or "off".',
    }),
    /** Electron's display id; only meaningful with mode "display". */
    displayId: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .strict()
  .refine((value) => value.mode !== 'display' || value.displayId !== undefined, {
    message: 'The customer display mode "display" needs the id of the display to use.',
  });
export type CustomerDisplaySetting = z.infer<typeof customerDisplaySettingSchema>;

const volumeMessage = { message: 'The sound volume must be a number from 0 to 100.' };

export const displaySettings = {
  /** Short sounds at the till on a card read, a payment and an error. */
  soundOn: declareSetting({
    schema: z.boolean({ message: 'Sounds on must be true or false.' }),
    default: true,
    itOnly: false,
    title: 'Till sounds',
    description: 'Whether the till plays short sounds on a card read, a payment and an error.',
  }),
  /** 0-100. */
  soundVolume: declareSetting({
    schema: z
      .number(volumeMessage)
      .int({ message: 'The sound volume must be a whole number from 0 to 100.' })
      .min(0, volumeMessage)
      .max(100, volumeMessage),
    default: 70,
    itOnly: false,
    title: 'Sound volume',
    description: 'Volume of the till sounds, 0 to 100.',
  }),
  /** The customer display plays the sounds too (off by default: one beep at a counter is enough). */
  customerDisplaySound: declareSetting({
    schema: z.boolean({ message: 'Customer display sound must be true or false.' }),
    default: false,
    itOnly: false,
    title: 'Sounds on the customer display',
    description: 'Whether the customer display plays a sound too (off by default).',
  }),
  customerDisplay: declareSetting({
    schema: customerDisplaySettingSchema,
    default: { mode: 'auto' },
    itOnly: false,
    title: 'Customer display',
    description:
      "Where the customer display window goes: auto (first display that is not the cashier's), display (the one with displayId), same-screen (a window on the cashier's display) or off.",
  }),
};
