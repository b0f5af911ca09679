import { Button, Group } from '@mantine/core';
import { ewaybillText as wt } from '@opengst/contracts';
import { RefusalAlert } from '../../shared/RefusalAlert';

// What every e-way bill action form ends with: the refusal as the server or the system words it, Close, and the send
// button named by the action. And the options of an API code list ("1 Due to Break Down").

export const codeOptions = (codes: readonly string[], text: Readonly<Record<string, string>>) =>
  codes.map((c) => ({ value: c, label: `${c} ${text[c] ?? ''}` }));

export const ActionFormFooter = (props: {
  refusals: readonly string[];
  refusedTestId: string;
  onClose: () => void;
  onSend: () => void;
  isSending: boolean;
  isDisabled: boolean;
  label: string;
  sendTestId: string;
  color?: string | undefined;
}) => (
  <>
    <RefusalAlert messages={props.refusals} testId={props.refusedTestId} />
    <Group justify="flex-end" gap="xs">
      <Button size="xs" variant="default" onClick={props.onClose}>
        {wt('ewaybill.close')}
      </Button>
      <Button
        size="xs"
        color={props.color}
        loading={props.isSending}
        disabled={props.isDisabled}
        onClick={props.onSend}
        data-testid={props.sendTestId}
      >
        {props.label}
      </Button>
    </Group>
  </>
);
