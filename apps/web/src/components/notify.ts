import type { NotificationData } from '@mantine/notifications';
import { i18next } from '../i18n/index.ts';
import { whenToastStackReady } from './toast-stack-state.ts';

/** Toast lifetimes (spec §9): success 2 s, error and others 4 s. */
export const TOAST_DURATION_MS = { success: 2000, error: 4000, other: 4000 } as const;
export const TOAST_LIMIT = 20;
/**
 * Toasts rise from the bottom centre, in both directions and on a phone: at the top (spec §2)
 * they covered the header and the page's title (decision 0012).
 */
export const TOAST_POSITION = 'bottom-center';

/**
 * The toast stack's containers are polite live regions (`aria-live` on `ToastStack`), in the
 * page before any toast is added to them (`whenToastStackReady`), so that it is read out. A
 * success or a note is a `status` (read when the reader is free); an error stays an `alert`,
 * read at once.
 */
export const TOAST_LIVE_REGION = { 'aria-live': 'polite', 'aria-relevant': 'additions text' } as const;

/**
 * Shows a toast, its close button named in the current language, once the toast stack is there,
 * for `duration` ms counted from the second frame painted with it. Mantine counts from the
 * toast's mount: after a save that goes on to the next screen, a busy page spent most of the 2
 * seconds drawing that screen, and the toast was painted once and gone (decision 0012).
 */
function showFor(data: NotificationData, duration: number): void {
  whenToastStackReady((toasts) => {
    const closeButtonProps = { 'aria-label': i18next.t('common:close') };
    const id = toasts.show({ closeButtonProps, ...data, autoClose: false });
    const startCounting = () => toasts.update({ id, message: data.message, autoClose: duration });
    requestAnimationFrame(() => requestAnimationFrame(startCounting));
  });
}

/**
 * A change went through. Raise it where it survives the component that asked for it: a
 * `mutate` callback is dropped when its component unmounts before the answer (a row that the
 * refetch removes), so screens whose change removes or re-keys them raise it from
 * `mutateAsync`'s promise (decision 0012).
 */
export function notifySuccess(message: string): void {
  showFor({ message, color: 'brand', role: 'status' }, TOAST_DURATION_MS.success);
}

export function notifyError(message: string): void {
  showFor({ message, color: 'red', role: 'alert' }, TOAST_DURATION_MS.error);
}

export function notifyInfo(message: string): void {
  showFor({ message, role: 'status' }, TOAST_DURATION_MS.other);
}
