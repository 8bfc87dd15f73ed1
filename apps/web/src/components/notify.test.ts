import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyError, notifyInfo, notifyLoading, notifySuccess } from './notify.ts';

afterEach(() => vi.restoreAllMocks());

describe('toasts', () => {
  it('last 2 s for success, 4 s for errors and others, and stay while loading (spec §9)', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    notifySuccess('ok');
    notifyError('bad');
    notifyInfo('note');
    notifyLoading('wait');
    expect(show.mock.calls.map(([data]) => data.autoClose)).toEqual([2000, 4000, 4000, false]);
    expect(show.mock.calls[3]?.[0].loading).toBe(true);
    expect(show.mock.calls[0]?.[0].closeButtonProps).toEqual({ 'aria-label': 'Close' });
  });

  it('are read out: a success, a note or a wait as a status, an error as an alert', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    notifySuccess('ok');
    notifyInfo('note');
    notifyLoading('wait');
    notifyError('bad');
    expect(show.mock.calls.map(([data]) => data.role)).toEqual(['status', 'status', 'status', 'alert']);
  });
});
