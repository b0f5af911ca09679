import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  onSubmit: () => Promise<void> | void;
  /** The server's messages that belong to no field, shown above the form. */
  messages: readonly string[];
  errorTestId?: string;
  /** A confirmation after a save that keeps the form open. */
  success?: string | null | undefined;
  successTestId?: string;
  children: ReactNode;
};

/** A form whose Enter submits without a page load, with the server's general messages (or a confirmation) on top. */
export const ApiForm = ({ onSubmit, messages, errorTestId, success, successTestId, children }: Props) => (
  <form
    onSubmit={(event) => {
      event.preventDefault();
      void onSubmit();
    }}
    noValidate
  >
    <Stack gap="sm">
      {messages.length > 0 ? (
        <Alert color="red" variant="light" role="alert" data-testid={errorTestId}>
          {messages.join(' ')}
        </Alert>
      ) : null}
      {success ? (
        <Alert color="green" variant="light" data-testid={successTestId}>
          {success}
        </Alert>
      ) : null}
      {children}
    </Stack>
  </form>
);
