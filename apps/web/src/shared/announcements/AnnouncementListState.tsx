import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { sayAnnouncement as say } from './announcementsApi';

type Props = {
  isPending: boolean;
  error: Error | null;
  isEmpty: boolean;
  emptyText: string;
  onRetry: () => void;
};

/** What an announcement list shows before or instead of its rows: loading, the failure with a retry, or empty. */
export const AnnouncementListState = ({ isPending, error, isEmpty, emptyText, onRetry }: Props) => (
  <>
    {isPending ? <Loader size="sm" role="status" aria-label={say('announcements.loading')} /> : null}
    {error ? (
      <Alert color="red" data-testid="announcements-error">
        <Group justify="space-between">
          <span>{say('announcements.failed', { message: error.message })}</span>
          <Button size="xs" variant="default" onClick={onRetry}>
            {say('announcements.retry')}
          </Button>
        </Group>
      </Alert>
    ) : null}
    {!isPending && !error && isEmpty ? (
      <Text size="sm" c="dimmed" data-testid="announcements-empty">
        {emptyText}
      </Text>
    ) : null}
  </>
);
