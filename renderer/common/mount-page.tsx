import './common.css';
import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver, theme } from './theme';

/**
 * Renders a page into #root inside the shared Mantine theme, in the OS's colour scheme (a till
 * set to dark at night stays dark; the theme keeps every text at AA in both). Mantine's CSS
 * is each page's own list (`<page>/mantine-styles.ts`, imported first by its main.tsx): only
 * the components that page uses. `pageTheme`: the shared theme, or a page's own built on it.
 */
export function mountPage(page: ReactNode, pageTheme: MantineThemeOverride = theme): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  createRoot(root).render(
    <StrictMode>
      <MantineProvider
        theme={pageTheme}
        defaultColorScheme="auto"
        cssVariablesResolver={cssVariablesResolver}
      >
        {page}
      </MantineProvider>
    </StrictMode>,
  );
}
