import { MantineProvider } from '@mantine/core';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { theme } from '../../../../renderer/common/theme';

/** Renders inside the pages' theme; env 'test' turns off Mantine's transitions and portals. */
export function renderWithTheme(ui: ReactElement): RenderResult {
  return render(ui, {
    wrapper: ({ children }) => (
      <MantineProvider theme={theme} env="test">
        {children}
      </MantineProvider>
    ),
  });
}
