import type { ReactNode } from 'react';
import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconCalendarEvent, IconHourglass, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { RowDetail } from '@opengst/contracts';
import { useText, type TextKey } from '../../../i18n/useText';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { DetailDrawer } from '../../../shared/DetailDrawer';
import { loadFailureText } from '../../../shared/loadFailure';
import { notifySuccess } from '../../../shared/notifySuccess';
import { imsActionText } from '../ims/imsRules';
import { ReconciliationStatusBadge } from '../ReconciliationStatusBadge';
import { rowDetailQuery, unlinkRow } from '../reconciliationApi';
import { useRefreshRun } from '../useRefreshRun';
import { ComparedFields } from './ComparedFields';
import { acrossPeriodsText, awaitingText, isPaired, recipientText } from './pairNotes';
import { SideDocuments } from './SideDocuments';
import { WhyNotMatched } from './WhyNotMatched';

// The pair view (UI.md "Reconciliation"): a row's two sides side by side, each compared field with both values and
// the difference, the rule that matched in words, what is unusual said plainly (across periods, another GSTIN, a
// document the supplier reported that awaits the GSTR-2B listing it), and
// for a row with one side the nearest candidates and why each was refused. A pair can be unlinked. Esc closes it.
// A row of an IMS run also says the action the portal holds, the one recommended and why, and how its push went.

const Note = ({ icon, text, testId }: { icon: ReactNode; text: string; testId: string }) => (
  <Alert variant="light" color="yellow" p={6} icon={icon} data-testid={testId}>
    <Text size="sm">{text}</Text>
  </Alert>
);

const PairBody = ({ runId, detail, onUnlinked }: { runId: number; detail: RowDetail; onUnlinked: () => void }) => {
  const t = useText();
  const { row } = detail;
  const across = acrossPeriodsText(t, row);
  const recipient = recipientText(t, row);
  const awaiting = awaitingText(t, detail);
  return (
    <Stack gap="sm" data-testid="pair-detail">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <ReconciliationStatusBadge status={row.status} />
            <Text size="sm" fw={500}>
              {t(`reconciliation.rule.${row.rule}` as TextKey)}
            </Text>
          </Group>
          <Text size="sm" data-testid="pair-rule">
            {detail.ruleText}
          </Text>
        </Stack>
        {isPaired(row) ? (
          <ConfirmAction
            label={t('reconciliation.pair.unlink')}
            title={t('reconciliation.pair.unlinkTitle')}
            message={t('reconciliation.pair.unlinkMessage')}
            confirmLabel={t('reconciliation.pair.unlink')}
            color="red"
            onConfirm={() => unlinkRow(runId, row.id)}
            onDone={onUnlinked}
            testId="pair-unlink"
          />
        ) : null}
      </Group>
      {across ? <Note icon={<IconCalendarEvent size={16} />} text={across} testId="pair-across-periods" /> : null}
      {recipient ? <Note icon={<IconArrowsExchange size={16} />} text={recipient} testId="pair-recipient" /> : null}
      {awaiting ? <Note icon={<IconHourglass size={16} />} text={awaiting} testId="pair-awaiting-2b" /> : null}
      {row.claimPeriod || row.action ? (
        <Alert variant="light" color="gray" p={6} icon={<IconInfoCircle size={16} />}>
          <Text size="sm">
            {[
              row.action ? t(`reconciliation.action.${row.action}` as TextKey) : null,
              row.claimPeriod ? t('reconciliation.claimIn', { period: periodLabel(row.claimPeriod) }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Alert>
      ) : null}
      <ImsNote row={row} />
      <SideDocuments books={detail.books} portal={detail.portal} />
      {detail.fields.length > 0 ? (
        <Stack gap={6}>
          <Title order={3} size="h6">
            {t('reconciliation.pair.compared')}
          </Title>
          <ComparedFields fields={detail.fields} />
        </Stack>
      ) : null}
      {!isPaired(row) ? <WhyNotMatched candidates={detail.candidates} /> : null}
    </Stack>
  );
};

/** The IMS side of a row, when it has one (rows of GSTR-2B and 2A runs have none). */
const ImsNote = ({ row }: { row: RowDetail['row'] }) => {
  const t = useText();
  if (row.imsAction === null && row.recommendedAction === null && row.pushStatus === null) return null;
  return (
    <Alert variant="light" color="indigo" p={6} icon={<IconInfoCircle size={16} />} data-testid="pair-ims">
      <Stack gap={2}>
        {row.imsAction !== null ? (
          <Text size="sm" data-testid="pair-ims-action">
            {t('reconciliation.pair.imsAction', { action: imsActionText(t, row.imsAction) })}
          </Text>
        ) : null}
        {row.recommendedAction !== null ? (
          <Text size="sm" data-testid="pair-recommended">
            {t('reconciliation.pair.recommended', {
              action: t(`reconciliation.action.${row.recommendedAction}`),
              reason: row.recommendationReason ?? '',
            })}
          </Text>
        ) : null}
        {row.pushStatus !== null ? (
          <Text size="sm" data-testid="pair-push-status">
            {t('reconciliation.pair.pushStatus', {
              status: row.pushStatus === 'Pushed' ? t('reconciliation.ims.pushed') : row.pushStatus,
            })}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
};

/** "INV-001 · Bharat Supplies": the document and its supplier. */
const pairTitle = ({ row }: RowDetail): string =>
  [row.booksNumber ?? row.portalNumber, row.supplierName ?? row.supplierGstin].filter(Boolean).join(' · ');

export const PairDrawer = ({ runId, rowId, onClose }: { runId: number; rowId: number | null; onClose: () => void }) => {
  const t = useText();
  const refresh = useRefreshRun(runId);
  const { data, isError, error } = useQuery({ ...rowDetailQuery(rowId ?? 0), enabled: rowId !== null });
  return (
    <DetailDrawer
      opened={rowId !== null}
      onClose={onClose}
      title={data ? pairTitle(data) : t('reconciliation.pair.title')}
      size="xl"
      testId="pair-drawer"
    >
      {isError ? (
        <Alert color="red" variant="light">
          {loadFailureText(error, t('reconciliation.pair.loadFailed'))}
        </Alert>
      ) : data ? (
        <PairBody
          runId={runId}
          detail={data}
          onUnlinked={() => {
            notifySuccess(t('reconciliation.pair.unlinked'));
            refresh();
            onClose();
          }}
        />
      ) : (
        <Loader size="sm" />
      )}
    </DetailDrawer>
  );
};
