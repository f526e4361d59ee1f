import '@mantine/core/styles.css';
import './common.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver, theme } from './theme';

/**
 * Renders a page into #root inside the shared Mantine theme, in the OS's colour scheme (a till
 * set to dark at night stays dark; the theme keeps every text at AA in both). Mantine's CSS
 * is imported here, once, for every page.
 */
export function mountPage(page: ReactNode): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  createRoot(root).render(
    <StrictMode>
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        cssVariablesResolver={cssVariablesResolver}
      >
        {page}
      </MantineProvider>
    </StrictMode>,
  );
}
