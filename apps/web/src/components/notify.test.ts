import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyError, notifyInfo, notifySuccess } from './notify.ts';
import { setToastStackReady } from './toast-stack-state.ts';

beforeEach(() => setToastStackReady(notifications));
afterEach(() => {
  setToastStackReady(null);
  vi.restoreAllMocks();
});

describe('toasts', () => {
  it('last 2 s for success, 4 s for errors and others (spec §9), their close button named', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const update = vi.spyOn(notifications, 'update').mockReturnValue('id');
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(performance.now());
      return 0;
    });
    notifySuccess('ok');
    notifyError('bad');
    notifyInfo('note');
    expect(update.mock.calls.map(([data]) => data.autoClose)).toEqual([2000, 4000, 4000]);
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

  it('are read out: a success or a note as a status, an error as an alert', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    notifySuccess('ok');
    notifyInfo('note');
    notifyError('bad');
    expect(show.mock.calls.map(([data]) => data.role)).toEqual(['status', 'status', 'alert']);
  });

  it('wait for the toast stack when it is not there yet, then show in order', () => {
    setToastStackReady(null);
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    notifyError('bad');
    notifyInfo('note');
    expect(show).not.toHaveBeenCalled();
    setToastStackReady(notifications);
    expect(show.mock.calls.map(([data]) => data.message)).toEqual(['bad', 'note']);
  });
});
