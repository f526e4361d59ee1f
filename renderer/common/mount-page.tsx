import '@mantine/core/styles.css';
import './common.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from './theme';

/**
 * Renders a page into #root inside the shared Mantine theme (light scheme forced: the
 * screens must not change contrast with the OS setting). Mantine's CSS is imported here,
 * once, for every page.
 */
export function mountPage(page: ReactNode): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} forceColorScheme="light">
        {page}
      </MantineProvider>
    </StrictMode>,
  );
}
