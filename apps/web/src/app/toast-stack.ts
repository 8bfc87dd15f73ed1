/** The toast stack and its styles, loaded after the first screen (see `AppProviders`). */
import '@mantine/notifications/styles.css';

export { Notifications } from '@mantine/notifications';
