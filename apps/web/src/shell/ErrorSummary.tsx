import { Alert, List, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useText } from '../i18n/useText';
import { linkify } from '../shared/linkify';
import { groupErrors, type ErrorSection, type GroupedMessage } from './errorGroups';

const MessageList = ({ groups }: { groups: GroupedMessage[] }) => (
  <List size="sm" spacing={4}>
    {groups.map((group) => (
      <List.Item key={group.message}>
        {linkify(group.message)}
        {group.headings.length > 0 ? (
          <Text span size="xs" c="dimmed">
            {' '}
            ({group.headings.join(', ')})
          </Text>
        ) : null}
      </List.Item>
    ))}
  </List>
);

/** The summary shown at the top of a page after a failed upload or submit. */
export const ErrorSummary = ({ sections }: { sections: readonly ErrorSection[] }) => {
  const t = useText();
  const { errors, warnings } = groupErrors(sections);
  if (errors.length === 0 && warnings.length === 0) return null;
  return (
    <>
      {errors.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('errors.heading')} mb="sm">
          <MessageList groups={errors} />
        </Alert>
      ) : null}
      {warnings.length > 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('errors.warnings')} mb="sm">
          <MessageList groups={warnings} />
        </Alert>
      ) : null}
    </>
  );
};
