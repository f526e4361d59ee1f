// Mantine's CSS for the components this page uses, not all of Mantine's (248 KB: every
// component's rules, parsed before the first paint and kept in every style recalculation).
// Files and order as Mantine's "CSS files list" asks: the base files first, then each
// component after those it builds on (the order of @mantine/core/styles.css). Imported first
// by main.tsx, with the page's own CSS after it. Mantine's layered files (`@layer mantine`):
// our own rules win whatever order the build links the files in, and the page's CSS is its own
// file, not a chunk shared with the cashier's page (the build linked such a chunk after the
// page's own). tests/e2e/page-styles.test.ts checks the built page: every Mantine class its
// scripts (lazy chunks too) use has its rules here.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/Text.layer.css';
