import {
  createTheme,
  darken,
  lighten,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/**
 * One high-contrast theme for both pages, in the OS's light or dark scheme: large base type,
 * thick focus rings, every text colour at WCAG AA (4.5:1) or better on the surfaces it sits
 * on, status colours dark enough to carry white text, and every button and input at least
 * 44 px high for a finger. Words and icons always go with a colour: colour is never the only
 * signal.
 */

// Shades 7-9 of each are the ones used behind white text.
const green: MantineColorsTuple = [
  '#e6f6ea',
  '#c6ead0',
  '#9fdcb1',
  '#6fcb8c',
  '#3fb866',
  '#1f9d4c',
  '#13803b',
  '#0b6b30',
  '#075a27',
  '#04471e',
];
const red: MantineColorsTuple = [
  '#fdeaea',
  '#f8c9c9',
  '#f19e9e',
  '#e86f6f',
  '#de4545',
  '#cc2626',
  '#b01c1c',
  '#951515',
  '#7c1010',
  '#620b0b',
];
const amber: MantineColorsTuple = [
  '#fff6e0',
  '#ffe7ad',
  '#ffd676',
  '#ffc340',
  '#f5ad16',
  '#d99200',
  '#b37500',
  '#8f5c00',
  '#714800',
  '#553500',
];

// The cashier page adds its buttons' and inputs' touch sizes (cashier/cashier-theme.ts): the
// customer display shows no control, and leaving them here kept Mantine's buttons and inputs
// in the display's script.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  autoContrast: true,
  // Near-black text reads better than white on any background brighter than this (both give
  // 4.4:1 here), so a filled yellow, orange or teal gets dark text and a dark blue white text.
  luminanceThreshold: 0.19,
  colors: { green, red, amber },
  black: '#111111',
  white: '#ffffff',
  fontFamily: 'system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace',
  defaultRadius: 'md',
  focusRing: 'always',
  fontSizes: { xs: '0.875rem', sm: '1rem', md: '1.125rem', lg: '1.375rem', xl: '1.75rem' },
  headings: { fontWeight: '800' },
});

/** Status colours by meaning, so both pages say "paid" or "problem" in the same colours. */
const statusColors = {
  success: 'green.8',
  warning: 'amber.8',
  danger: 'red.8',
  neutral: 'dark.7',
  info: 'blue.8',
} as const;
export type StatusTone = keyof typeof statusColors;

/** The CSS variable of a tone's colour, for plain style/CSS use ("green.8" -> var(--mantine-color-green-8)). */
export function statusColorVar(tone: StatusTone): string {
  const [name, shade] = statusColors[tone].split('.');
  return `var(--mantine-color-${name}-${shade})`;
}

const AA_TEXT = 4.5;
/** The darkest neutral surface text sits on in the light scheme (Mantine's gray.2: hovers, stripes). */
const LIGHT_SURFACE = '#e9ecef';
/** The lightest surface text sits on in the dark scheme (default buttons, inputs). */
const DARK_SURFACE = '#2e2e2e';

function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * `color` as it is when it already reads at AA on `background`, else darkened (light scheme)
 * or lightened (dark scheme) in small steps until it does, so each hue keeps its look.
 */
function readableOn(color: string, background: string, towards: 'darker' | 'lighter'): string {
  let result = color;
  for (let step = 0; step < 40 && contrast(result, background) < AA_TEXT + 0.1; step += 1)
    result = towards === 'darker' ? darken(result, 0.05) : lighten(result, 0.05);
  return result;
}

/**
 * Mantine's text colours made readable in both schemes: its dimmed grey (3.3:1 on white),
 * its placeholder, and each colour's text, outline and light-variant text (a light yellow or
 * orange badge, a red error in the dark scheme).
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, shades] of Object.entries(resolved.colors)) {
    const lightText = readableOn(shades[8], LIGHT_SURFACE, 'darker');
    light[`--mantine-color-${name}-text`] = lightText;
    light[`--mantine-color-${name}-outline`] = lightText;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[1], 'darker');
    const darkText = readableOn(shades[4], DARK_SURFACE, 'lighter');
    dark[`--mantine-color-${name}-text`] = darkText;
    dark[`--mantine-color-${name}-outline`] = darkText;
    dark[`--mantine-color-${name}-light-color`] = readableOn(
      shades[0],
      darken(shades[9], 0.3),
      'lighter',
    );
  }
  const lightDimmed = readableOn(resolved.colors.gray[6], LIGHT_SURFACE, 'darker');
  const darkDimmed = readableOn(resolved.colors.dark[2], DARK_SURFACE, 'lighter');
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': lightDimmed,
      '--mantine-color-placeholder': lightDimmed,
      '--mantine-color-error': 'var(--mantine-color-red-text)',
    },
    dark: {
      ...dark,
      '--mantine-color-dimmed': darkDimmed,
      '--mantine-color-placeholder': darkDimmed,
      '--mantine-color-error': 'var(--mantine-color-red-text)',
    },
  };
};
