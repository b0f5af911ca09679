import { notifications } from '@mantine/notifications';

/** A short confirmation of something done (the API client's toasts report only failures). */
export const notifySuccess = (message: string, title?: string): void => {
  notifications.show({ ...(title ? { title } : {}), message, color: 'green', autoClose: 4000 });
};
