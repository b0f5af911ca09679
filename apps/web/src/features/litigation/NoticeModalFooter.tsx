import { Button, Group } from '@mantine/core';
import { litigationText as lt, type LitigationTextKey } from '@opengst/contracts';
import { RefusalAlert } from '../../shared/RefusalAlert';

/**
 * The end of a notice's action modal (move, reopen, DRC-03 payment): the server's refusals, then Cancel and the
 * submit button, whose test ids are `${testId}-refusal` and `${testId}-submit`.
 */
export const NoticeModalFooter = ({
  refusals,
  submitLabel,
  isBusy,
  onClose,
  testId,
}: {
  refusals: readonly string[];
  submitLabel: LitigationTextKey;
  isBusy: boolean;
  onClose: () => void;
  testId: string;
}) => (
  <>
    <RefusalAlert messages={refusals} testId={`${testId}-refusal`} />
    <Group justify="flex-end" gap="xs">
      <Button size="xs" variant="default" onClick={onClose}>
        {lt('notice.cancel')}
      </Button>
      <Button size="xs" type="submit" loading={isBusy} data-testid={`${testId}-submit`}>
        {lt(submitLabel)}
      </Button>
    </Group>
  </>
);
