import { useState } from 'react';
import { Anchor, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { NOTIFICATION_ENDPOINTS, notificationText as nt, type NotificationCreateFrom } from '@opengst/contracts';
import { call } from '../../api/call';
import { ApiError } from '../../api/http';
import { notifySuccess } from '../../shared/notifySuccess';
import { useRights } from '../../shared/useRights';

// "Notify vendor" (issue 21): makes the notifications to the suppliers of the chosen rows, or to one vendor of the
// vendor tab (the rows that need its action, each with what is asked and why), then opens /notifications to send them.
// Rows that need nothing are refused with the reason, shown as a notice.

export const NotifyAction = ({ from, variant }: { from: NotificationCreateFrom; variant: 'button' | 'link' }) => {
  const { NotificationsSend: canSend } = useRights(['NotificationsSend']);
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);
  if (!canSend) return null;
  const testId = from.kind === 'vendors' ? `vendor-notify-${from.supplierGstins[0] ?? ''}` : 'rows-notify';
  const create = async () => {
    setBusy(true);
    try {
      const { ids } = await call(NOTIFICATION_ENDPOINTS.notificationSave, { body: { from } }, { silent: [422] });
      notifySuccess(
        `${ids.length} notification${ids.length === 1 ? '' : 's'} made: send ${ids.length === 1 ? 'it' : 'them'} from Notifications.`,
      );
      void navigate('/notifications');
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 422)) throw error;
      notifications.show({ color: 'red', message: error.items.map((i) => i.message).join(' '), autoClose: 4000 });
    } finally {
      setBusy(false);
    }
  };
  return variant === 'link' ? (
    <Anchor component="button" type="button" size="xs" onClick={() => void create()} disabled={isBusy} data-testid={testId}>
      {nt('notification.notifyVendor')}
    </Anchor>
  ) : (
    <Button
      size="compact-xs"
      variant="default"
      leftSection={<IconMailForward size={12} />}
      loading={isBusy}
      onClick={() => void create()}
      data-testid={testId}
    >
      {nt('notification.notifyVendor')}
    </Button>
  );
};
