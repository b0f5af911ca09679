import { Alert, Text } from '@mantine/core';

// The server's refusal of an action, said in place where the user asked (a toast would be gone before it is read),
// one line a message, until the user tries again.

export const RefusalAlert = ({ messages, testId }: { messages: readonly string[]; testId: string }) =>
  messages.length === 0 ? null : (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      {messages.map((message) => (
        <Text size="sm" key={message}>
          {message}
        </Text>
      ))}
    </Alert>
  );
