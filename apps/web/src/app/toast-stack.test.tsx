import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers.tsx';

describe('the toast stack', () => {
  it('is not part of the first screen: it loads on the first interaction with the page', async () => {
    render(
      <AppProviders>
        <button type="button">Log in</button>
      </AppProviders>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.querySelectorAll('[aria-live="polite"]')).toHaveLength(0);

    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(document.querySelectorAll('[aria-live="polite"]').length).toBeGreaterThan(0));
  });
});
