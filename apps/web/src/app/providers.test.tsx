import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notifyError, notifySuccess } from '../components/notify.ts';
import { useIsToastStackWanted } from '../components/toast-stack-state.ts';
import { AppProviders } from './providers.tsx';

/** Says whether the toast stack has been asked for: until it is, the app neither loads nor mounts it. */
function Wanted() {
  return <p>{useIsToastStackWanted() ? 'toast stack wanted' : 'no toast stack'}</p>;
}

/** The toast stack's containers, polite live regions. */
const LIVE_REGION = '[aria-live="polite"]';
const liveRegions = () => document.querySelectorAll(LIVE_REGION);

/**
 * Notes, batch by batch as the DOM reports them, what the added elements held when they were
 * added: a live region, the text `text`.
 */
function watchAdditions(text: string): { hasRegion: boolean; hasText: boolean }[] {
  const batches: { hasRegion: boolean; hasText: boolean }[] = [];
  new MutationObserver((records) => {
    const added = records.flatMap((record) => [...record.addedNodes]);
    batches.push({
      hasRegion: added.some(
        (node) => node instanceof Element && (node.matches(LIVE_REGION) || node.querySelector(LIVE_REGION)),
      ),
      hasText: added.some((node) => node.textContent?.includes(text)),
    });
  }).observe(document.body, { childList: true, subtree: true });
  return batches;
}

// The tests of this file run in order: the toast stack, once loaded, stays loaded.
describe('AppProviders', () => {
  it('first render without the toast stack; a toast asked for then shows in a live region that was there before it', async () => {
    const additions = watchAdditions('Invalid credentials.');
    render(
      <AppProviders>
        <h1>Sign in</h1>
        <Wanted />
      </AppProviders>,
    );
    // Rendered, with its effects run: not asked for, so not on its way.
    expect(screen.getByText('no toast stack')).toBeInTheDocument();
    expect(liveRegions()).toHaveLength(0);

    act(() => notifyError('Invalid credentials.'));
    const toast = await screen.findByText('Invalid credentials.');
    expect(toast.closest(LIVE_REGION)).not.toBeNull();
    const regionAdded = additions.findIndex((batch) => batch.hasRegion);
    const toastAdded = additions.findIndex((batch) => batch.hasText);
    expect(regionAdded).toBeGreaterThanOrEqual(0);
    expect(additions[regionAdded]?.hasText).toBe(false);
    expect(toastAdded).toBeGreaterThan(regionAdded);
  });

  it('shows toasts at the bottom centre, clear of the header and the page title', async () => {
    render(
      <AppProviders>
        <h1>Students</h1>
      </AppProviders>,
    );
    act(() => notifySuccess('Records have been saved.'));
    const toast = await screen.findByText('Records have been saved.');
    expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-center');
  });
});
