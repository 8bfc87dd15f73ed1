import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { environmentOf } from '../../api/environment.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { VersionLabel } from './version-label.tsx';

describe('VersionLabel', () => {
  it('shows "Test Version 1.0" locally and on staging', () => {
    for (const hostname of ['localhost', 'staging.tasreeh.sa']) {
      const { unmount } = renderWithProviders(<VersionLabel environment={environmentOf(hostname)} />);
      expect(screen.getByTestId('version-label')).toHaveTextContent('Test Version 1.0');
      unmount();
    }
  });

  it('shows nothing in production', () => {
    renderWithProviders(<VersionLabel environment={environmentOf('tasreeh.sa')} />);
    expect(screen.queryByTestId('version-label')).toBeNull();
  });
});
