import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { useText } from '../i18n/useText';
import { splitApiErrors, FORM_SILENT } from './forms';
import { RefusalAlert } from './RefusalAlert';

export { FORM_SILENT };

// A destructive or state-changing action asks first and shows the server's refusal in place (e.g. "delete refused
// while documents exist"), rather than a toast that disappears.

export type ConfirmActionProps = {
  label: ReactNode;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onDone?: () => void;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  disabled?: boolean;
  testId?: string;
};

export const ConfirmAction = (props: ConfirmActionProps) => {
  const t = useText();
  const [opened, setOpened] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string[]>([]);
  const close = () => {
    setOpened(false);
    setRefusal([]);
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm();
      close();
      props.onDone?.();
    } catch (error) {
      setRefusal(splitApiErrors(error, []).general);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="xs"
        variant={props.variant ?? 'default'}
        color={props.color}
        disabled={props.disabled}
        onClick={() => setOpened(true)}
        data-testid={props.testId}
      >
        {props.label}
      </Button>
      <Modal opened={opened} onClose={close} title={<Text fw={600}>{props.title}</Text>} size="md">
        <Stack gap="sm">
          <Text size="sm">{props.message}</Text>
          <RefusalAlert messages={refusal} testId="action-refusal" />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              size="xs"
              color={props.color ?? 'indigo'}
              loading={isBusy}
              onClick={() => void confirm()}
              data-testid={props.testId ? `${props.testId}-confirm` : undefined}
            >
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
};
