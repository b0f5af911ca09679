import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { latestOpenReturnPeriod } from '@opengst/domain';
import type { RowActionRequest, RowActionResponse, RowFilters } from '@opengst/contracts';
import { useText, type TextKey } from '../../../i18n/useText';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { formatCount } from '../../../shared/format';
import { splitApiErrors } from '../../../shared/forms';
import { notifySuccess } from '../../../shared/notifySuccess';
import { RefusalAlert } from '../../../shared/RefusalAlert';
import { applyRowAction } from '../reconciliationApi';
import { periodsAround } from '../runRules';

// An action on rows (selected ones, every filtered one, or every row of a status): optional remarks, a period for
// "Claim ITC in a period", then the call. When the server answers that the selection is larger than the
// recordsAffectedWarningLimit setting, nothing has changed yet: the dialog asks "This applies to N records. Continue?"
// and sends again with that count confirmed.

export type RowActionName = RowActionRequest['action'];
/** Rows by id, or every row of the run matching the filters (the run is the request's own). */
export type ActionSelection = { rowIds: number[] } | { filters: Omit<RowFilters, 'runId'> };

export const ROW_ACTIONS: readonly RowActionName[] = [
  'Accept',
  'Reject',
  'Pending',
  'ClaimInPeriod',
  'Exclude',
  'Discard',
  'Reinstate',
  'ClearAction',
];

export const actionLabelKey = (action: RowActionName): TextKey => `reconciliation.do.${action}` as TextKey;

type Props = {
  runId: number;
  /** The action chosen, or null while the dialog is closed. */
  action: RowActionName | null;
  selection: ActionSelection;
  /** How many rows the selection holds, as the screen knows it. */
  count: number;
  onClose: () => void;
  onDone: (response: RowActionResponse) => void;
  /** Said under the remarks (the IMS screen: which records the portal takes remarks on). */
  remarksHint?: string | undefined;
};

export const RowActionDialog = ({ runId, action, selection, count, onClose, onDone, remarksHint }: Props) => {
  const t = useText();
  const [remarks, setRemarks] = useState('');
  const [claimPeriod, setClaimPeriod] = useState<string | null>(null);
  const [toConfirm, setToConfirm] = useState<number | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string[]>([]);
  const close = () => {
    setRemarks('');
    setClaimPeriod(null);
    setToConfirm(null);
    setRefusal([]);
    onClose();
  };
  if (action === null) return null;
  const needsPeriod = action === 'ClaimInPeriod';
  const send = async (confirmedCount?: number) => {
    setBusy(true);
    setRefusal([]);
    try {
      const response = await applyRowAction({
        runId,
        action,
        selection: confirmedCount === undefined ? selection : { ...selection, confirmedCount },
        ...(needsPeriod && claimPeriod ? { claimPeriod } : {}),
        ...(remarks.trim() ? { remarks: remarks.trim() } : {}),
      });
      if (response.needsConfirmation !== null) {
        setToConfirm(response.needsConfirmation);
        return;
      }
      notifySuccess(
        response.skipped > 0
          ? t('reconciliation.actionDoneSkipped', {
              n: formatCount(response.affected),
              skipped: formatCount(response.skipped),
              reason: response.skippedReason ?? '',
            })
          : t('reconciliation.actionDone', { n: formatCount(response.affected) }),
      );
      close();
      onDone(response);
    } catch (error) {
      setRefusal(splitApiErrors(error, []).general);
    } finally {
      setBusy(false);
    }
  };
  const label = t(actionLabelKey(action));
  return (
    <Modal opened onClose={close} title={<Text fw={600}>{t('reconciliation.actionTitle', { action: label, n: formatCount(count) })}</Text>}>
      <Stack gap="sm" data-testid="row-action-dialog">
        {toConfirm !== null ? (
          <Text size="sm" data-testid="action-confirm-text">
            {t('reconciliation.actionConfirm', { n: formatCount(toConfirm) })}
          </Text>
        ) : (
          <>
            {needsPeriod ? (
              <Select
                size="xs"
                w={200}
                label={t('reconciliation.claimPeriod')}
                data={periodsAround(latestOpenReturnPeriod(new Date()), 3, 20).map((period) => ({
                  value: period,
                  label: periodLabel(period),
                }))}
                value={claimPeriod}
                onChange={setClaimPeriod}
                data-testid="action-claim-period"
              />
            ) : null}
            <Textarea
              size="xs"
              label={t('reconciliation.remarks')}
              placeholder={t('reconciliation.remarksHint')}
              description={remarksHint}
              value={remarks}
              maxLength={500}
              autosize
              minRows={2}
              onChange={(event) => setRemarks(event.currentTarget.value)}
              data-testid="action-remarks"
            />
          </>
        )}
        <RefusalAlert messages={refusal} testId="action-refusal" />
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          {toConfirm !== null ? (
            <Button size="xs" loading={isBusy} onClick={() => void send(toConfirm)} data-testid="action-continue">
              {t('reconciliation.continue')}
            </Button>
          ) : (
            <Button
              size="xs"
              loading={isBusy}
              disabled={needsPeriod && !claimPeriod}
              onClick={() => void send()}
              data-testid="action-apply"
            >
              {label}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
};
