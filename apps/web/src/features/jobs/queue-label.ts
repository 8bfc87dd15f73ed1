import { useTranslation } from 'react-i18next';

/**
 * A queue's name in the reader's language where the screen knows it, else the name itself. The
 * texts are keyed by the name with `_` for `-` (`outbox_send`).
 */
export function useQueueLabel(): (queue: string) => string {
  const { t, i18n } = useTranslation('jobs');
  return (queue) => {
    const key = `queue.${queue.replaceAll('-', '_')}`;
    return i18n.exists(`jobs:${key}`) ? t(key) : queue;
  };
}
