import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { wantToastStack } from '../components/toast-stack-state.ts';
import { AppProviders } from './providers.tsx';

// The toast stack's code cannot be fetched: the network went away before the first tap.
vi.mock('./toast-stack.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('AppProviders with no network', () => {
  it('keeps the page when the toast stack cannot be loaded', async () => {
    // React reports each load its boundary caught: the moment the failure has been handled.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppProviders>
        <p>Question 3 of 30</p>
      </AppProviders>,
    );
    act(() => wantToastStack());
    await waitFor(() => expect(reported).toHaveBeenCalled());
    expect(screen.getByText('Question 3 of 30')).toBeInTheDocument();
    const failures = reported.mock.calls.length;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    // Back online, it tries again, fails again, and the page stays.
    await waitFor(() => expect(reported.mock.calls.length).toBeGreaterThan(failures));
    expect(screen.getByText('Question 3 of 30')).toBeInTheDocument();
  });
});
