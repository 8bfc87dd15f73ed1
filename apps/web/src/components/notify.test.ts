import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyError, notifyInfo, notifyLoading, notifySuccess } from './notify.ts';

afterEach(() => vi.restoreAllMocks());

describe('toasts', () => {
  it('last 2 s for success, 4 s for errors and others, and stay while loading (spec §9)', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    vi.spyOn(notifications, 'update').mockReturnValue('id');
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    notifySuccess('ok');
    notifyError('bad');
    notifyInfo('note');
    notifyLoading('wait');
    expect(show.mock.calls[3]?.[0].autoClose).toBe(false);
    expect(show.mock.calls[3]?.[0].loading).toBe(true);
    expect(show.mock.calls[0]?.[0].closeButtonProps).toEqual({ 'aria-label': 'Close' });
  });

  it('count their time from the second frame painted with them, not from when they were raised', () => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast-1');
    const update = vi.spyOn(notifications, 'update').mockReturnValue('toast-1');
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const paintFrame = () => {
      for (const callback of frames.splice(0)) callback(performance.now());
    };

    notifySuccess('ok');
    expect(vi.mocked(notifications.show).mock.calls[0]?.[0].autoClose).toBe(false);
    paintFrame();
    expect(update).not.toHaveBeenCalled();
    paintFrame();
    expect(update).toHaveBeenCalledWith({ id: 'toast-1', message: 'ok', autoClose: 2000 });

    notifyError('bad');
    notifyInfo('note');
    paintFrame();
    paintFrame();
    expect(update.mock.calls.slice(1).map(([data]) => data.autoClose)).toEqual([4000, 4000]);
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
