import { type NotificationData, notifications } from '@mantine/notifications';
import { i18next } from '../i18n/index.ts';

/** Toast lifetimes (spec §9): success 2 s, error and others 4 s, loading until dismissed. */
export const TOAST_DURATION_MS = { success: 2000, error: 4000, other: 4000 } as const;
export const TOAST_LIMIT = 20;
/**
 * Toasts rise from the bottom centre, in both directions and on a phone: at the top (spec §2)
 * they covered the header and the page's title (decision 0012).
 */
export const TOAST_POSITION = 'bottom-center';

/**
 * The toast stack's containers are polite live regions (`aria-live` on `Notifications` in
 * `AppProviders`), present before any toast, so a toast added to them is read out. A success,
 * a note or a wait is a `status` (read when the reader is free); an error stays an `alert`,
 * read at once.
 */
export const TOAST_LIVE_REGION = { 'aria-live': 'polite', 'aria-relevant': 'additions text' } as const;

/** Shows a toast whose close button is named in the current language. */
function show(data: NotificationData): string {
  return notifications.show({ closeButtonProps: { 'aria-label': i18next.t('common:close') }, ...data });
}

/**
 * Shows a toast for `duration` ms counted from the second frame painted with it. Mantine counts
 * from the toast's mount: after a save that goes on to the next screen, a busy page spent most
 * of the 2 seconds drawing that screen, and the toast was painted once and gone (decision 0012).
 */
function showFor(data: NotificationData, duration: number): string {
  const id = show({ ...data, autoClose: false });
  const startCounting = () => notifications.update({ id, message: data.message, autoClose: duration });
  requestAnimationFrame(() => requestAnimationFrame(startCounting));
  return id;
}

/**
 * A change went through. Raise it where it survives the component that asked for it: a
 * `mutate` callback is dropped when its component unmounts before the answer (a row that the
 * refetch removes), so screens whose change removes or re-keys them raise it from
 * `mutateAsync`'s promise (decision 0012).
 */
export function notifySuccess(message: string): string {
  return showFor({ message, color: 'brand', role: 'status' }, TOAST_DURATION_MS.success);
}

export function notifyError(message: string): string {
  return showFor({ message, color: 'red', role: 'alert' }, TOAST_DURATION_MS.error);
}

export function notifyInfo(message: string): string {
  return showFor({ message, role: 'status' }, TOAST_DURATION_MS.other);
}

/** A loading toast, shown until `notifications.hide(id)` or an update replaces it. */
export function notifyLoading(message: string): string {
  return show({ message, role: 'status', loading: true, autoClose: false, withCloseButton: false });
}
