import { DirectionProvider, MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { theme } from '../app/theme.ts';
import { i18next } from '../i18n/index.ts';

function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18next}>
      <DirectionProvider>
        <MantineProvider theme={theme}>{children}</MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}

/** Renders with the providers every component expects (language and theme), rerenders included. */
export function renderWithProviders(ui: ReactElement) {
  return render(ui, { wrapper: Providers });
}
