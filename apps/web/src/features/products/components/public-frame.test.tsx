import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { clearStoredSession, storeAccess, storeCredentials } from '../../auth/session.ts';
import { PublicFrame } from './public-frame.tsx';

function renderFrame() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/products']}>
      <PublicFrame>catalogue</PublicFrame>
    </MemoryRouter>,
  );
}

afterEach(() => clearStoredSession());

describe('PublicFrame', () => {
  it('offers a visitor the login', () => {
    renderFrame();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('offers a logged-in user the way to their own dashboard instead of the login', () => {
    storeCredentials('token-1', 7);
    storeAccess('student', []);
    renderFrame();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My dashboard' })).toHaveAttribute('href', '/student/dashboard');
  });
});
