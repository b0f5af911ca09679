import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Messages of a failed form submission that belong to no single field (locked account, expired link...). */
export const FormMessages = ({ messages }: { messages: readonly string[] }) =>
  messages.length === 0 ? null : (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" p="xs">
      {messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
