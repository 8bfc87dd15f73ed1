import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { wantToastStack } from '../components/toast-stack-state.ts';
import { AppProviders } from './providers.tsx';

// The toast stack's code cannot be fetched: the network went away before the first tap.
vi.mock('./toast-stack.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('AppProviders with no network', () => {
  it('keeps the page when the toast stack cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppProviders>
        <p>Question 3 of 30</p>
      </AppProviders>,
    );
    await act(async () => {
      wantToastStack();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByText('Question 3 of 30')).toBeInTheDocument();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByText('Question 3 of 30')).toBeInTheDocument();
  });
});
