import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notifySuccess } from '../components/notify.ts';
import { AppProviders } from './providers.tsx';

describe('AppProviders', () => {
  it('shows toasts at the bottom centre, clear of the header and the page title', async () => {
    render(
      <AppProviders>
        <h1>Students</h1>
      </AppProviders>,
    );
    act(() => {
      notifySuccess('Records have been saved.');
    });
    const toast = await screen.findByText('Records have been saved.');
    expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-center');
  });
});
