// Mantine's CSS for the components this page uses, not all of Mantine's (248 KB: every
// component's rules, parsed before the first paint and kept in every style recalculation).
// Files and order as Mantine's "CSS files list" asks: the base files first, then each
// component after those it builds on (the order of @mantine/core/styles.css). Imported first
// by main.tsx, so our own CSS comes after and wins. tests/e2e/page-styles.test.ts checks the
// built page: every Mantine class its scripts (lazy chunks too) use has its rules here.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/Text.css';
