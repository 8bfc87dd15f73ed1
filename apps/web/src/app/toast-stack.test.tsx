import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useIsToastStackWanted } from '../components/toast-stack-state.ts';
import { AppProviders } from './providers.tsx';

/** Says whether the toast stack has been asked for: until it is, the app neither loads nor mounts it. */
function Wanted() {
  return <p>{useIsToastStackWanted() ? 'toast stack wanted' : 'no toast stack'}</p>;
}

describe('the toast stack', () => {
  it('is not part of the first screen: it loads on the first interaction with the page', async () => {
    render(
      <AppProviders>
        <button type="button">Log in</button>
        <Wanted />
      </AppProviders>,
    );
    // Rendered, with its effects run: not asked for, so not on its way.
    expect(screen.getByText('no toast stack')).toBeInTheDocument();
    expect(document.querySelectorAll('[aria-live="polite"]')).toHaveLength(0);

    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(document.querySelectorAll('[aria-live="polite"]').length).toBeGreaterThan(0));
  });
});
