import { notifications } from '@mantine/notifications';
import { TOAST_MS, type ToastContent } from './httpErrors';

/**
 * One toast per refusal: the same refusal answered to several calls of a screen at once (a 403 to its three queries)
 * shows once, because a toast whose id is already on screen is not shown again.
 */
export const toastIdOf = ({ title, message, key }: ToastContent): string => `api:${key ?? `${title ?? ''}:${message}`}`;

export const showToast = (toast: ToastContent): void => {
  notifications.show({
    id: toastIdOf(toast),
    ...(toast.title ? { title: toast.title } : {}),
    message: toast.message,
    color: toast.color,
    autoClose: TOAST_MS,
    // Messages may hold several lines (grouped validation errors, request id).
    styles: { description: { whiteSpace: 'pre-line' } },
  });
};
