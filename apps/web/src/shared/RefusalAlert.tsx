import { Alert, Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

// The server's refusal of an action, said in place where the user asked (a toast would be gone before it is read),
// one line a message, until the user tries again. A GSTR-1 refused for an unanswered DRC-01B / DRC-01C (Rule 59(6);
// the portal sandbox's RET191130) also links the two lists where the intimation is answered.

const DRC_BLOCK = /RET191130|DRC-01[BC]/;

export const RefusalAlert = ({ messages, testId }: { messages: readonly string[]; testId: string }) =>
  messages.length === 0 ? null : (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      {messages.map((message) => (
        <Text size="sm" key={message}>
          {message}
        </Text>
      ))}
      {messages.some((message) => DRC_BLOCK.test(message)) ? (
        <Group gap="sm" mt={4} data-testid={`${testId}-drc`}>
          <Anchor component={Link} to="/drc-01b" size="sm">
            DRC-01B
          </Anchor>
          <Anchor component={Link} to="/drc-01c" size="sm">
            DRC-01C
          </Anchor>
        </Group>
      ) : null}
    </Alert>
  );
