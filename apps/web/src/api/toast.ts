import { notifications } from '@mantine/notifications';
import { TOAST_MS, type ToastContent } from './httpErrors';

export const showToast = ({ title, message, color }: ToastContent): void => {
  notifications.show({
    ...(title ? { title } : {}),
    message,
    color,
    autoClose: TOAST_MS,
    // Messages may hold several lines (grouped validation errors, request id).
    styles: { description: { whiteSpace: 'pre-line' } },
  });
};
