import { Button, createTheme, getSize, Input, PasswordInput, rem, Switch } from '@mantine/core';
import { theme } from '../common/theme';

/** The smallest target a finger hits reliably at a counter. */
const TOUCH_TARGET = rem(44);

function atLeastTouch(size: string | undefined): string {
  return size === undefined ? TOUCH_TARGET : `max(${TOUCH_TARGET}, ${size})`;
}

/**
 * The shared theme (common/theme.ts) with every button and input of the cashier window at
 * least 44 px high for a finger. Kept out of the shared theme so the customer display, which
 * shows no control, does not load Mantine's buttons and inputs.
 */
export const cashierTheme = createTheme({
  ...theme,
  components: {
    Button: Button.extend({
      defaultProps: { size: 'lg' },
      vars: (_theme, props) => ({
        root: { '--button-height': atLeastTouch(getSize(props.size ?? 'lg', 'button-height')) },
      }),
    }),
    // Every text input, select and password field: the base all of Mantine's inputs share.
    Input: Input.extend({
      vars: (_theme, props) => ({
        wrapper: { '--input-height': atLeastTouch(getSize(props.size ?? 'sm', 'input-height')) },
      }),
    }),
    // The eye button that shows the typed token: as high and wide as the input.
    PasswordInput: PasswordInput.extend({
      vars: () => ({ root: { '--psi-button-size': TOUCH_TARGET } }),
    }),
    // A switch is hit through its whole label (track and words), at least a finger high.
    Switch: Switch.extend({
      styles: { body: { minHeight: TOUCH_TARGET, alignItems: 'center' } },
    }),
  },
});
