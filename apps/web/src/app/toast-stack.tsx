/** The toast stack and its styles, loaded on demand (`ToastStackOnDemand` in `AppProviders`). */
import '@mantine/notifications/styles.css';
import { Notifications, notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_LIVE_REGION, TOAST_POSITION } from '../components/notify.ts';
import { setToastStackReady } from '../components/toast-stack-state.ts';

/**
 * Mantine's toast stack in our settings. Its containers (live regions) are in the page once it
 * has mounted (its portal fills them in a layout effect); once a frame has been painted with
 * them, the toasts asked for meanwhile are shown in them, and so read out.
 */
export function ToastStack() {
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setToastStackReady(notifications));
    });
    return () => {
      cancelAnimationFrame(frame);
      setToastStackReady(null);
    };
  }, []);
  return (
    <Notifications
      position={TOAST_POSITION}
      limit={TOAST_LIMIT}
      autoClose={TOAST_DURATION_MS.other}
      {...TOAST_LIVE_REGION}
    />
  );
}
