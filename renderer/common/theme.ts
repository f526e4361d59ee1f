import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * One high-contrast theme for both pages: dark text on white, large base type, thick focus
 * rings, and status colours dark enough to carry white text at WCAG AA (4.5:1) or better.
 * Words and icons always go with a colour: colour is never the only signal.
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

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: 0.4,
  colors: { green, red, amber },
  black: '#111111',
  white: '#ffffff',
  fontFamily: 'system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace',
  defaultRadius: 'md',
  focusRing: 'always',
  fontSizes: { xs: '0.875rem', sm: '1rem', md: '1.125rem', lg: '1.375rem', xl: '1.75rem' },
  headings: { fontWeight: '800' },
  components: {
    Button: { defaultProps: { size: 'lg' } },
  },
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
