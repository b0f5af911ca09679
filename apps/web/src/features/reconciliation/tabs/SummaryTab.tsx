import { useState } from 'react';
import { Anchor, Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import type { ReconciliationStatus, RowFilters, StatusCount } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { formatCount } from '../../../shared/format';
import { Amount, Difference } from '../Amount';
import { ReconciliationStatusBadge } from '../ReconciliationStatusBadge';
import { useRefreshRun } from '../useRefreshRun';
import type { RowActionName } from '../rows/RowActionDialog';
import { RowActionButtonsFor } from '../rows/RowActionsFor';

// Reconciliation summary: the run by status with rows, documents, taxable value and tax of each side and the tax
// difference (portal minus books), totals pinned at the foot. The spec's sourceType filter shows one side (books or
// portal) or both. A status opens its rows; its actions apply to every row of that status (by filters, with the
// confirmation of a large selection).

type SourceType = 'both' | 'books' | 'portal';

type Props = {
  runId: number;
  byStatus: readonly StatusCount[];
  onOpenRows: (patch: Partial<Omit<RowFilters, 'runId'>>) => void;
  /** The actions a status offers (all by default). */
  actions?: readonly RowActionName[] | undefined;
  remarksHint?: string | undefined;
};

const sum = (items: readonly StatusCount[], key: keyof Omit<StatusCount, 'status'>) => items.reduce((total, item) => total + item[key], 0);

export const SummaryTab = ({ runId, byStatus, onOpenRows, actions, remarksHint }: Props) => {
  const t = useText();
  const refresh = useRefreshRun(runId);
  const [source, setSource] = useState<SourceType>('both');
  const showBooks = source !== 'portal';
  const showPortal = source !== 'books';
  const items = byStatus.filter((item) =>
    source === 'books' ? item.booksDocuments > 0 : source === 'portal' ? item.portalDocuments > 0 : item.rows > 0,
  );
  const cells = (item: Omit<StatusCount, 'status'>, testId: string) => (
    <>
      <Table.Td className="numeric" data-testid={`${testId}-rows`}>
        {formatCount(item.rows)}
      </Table.Td>
      {showBooks ? (
        <>
          <Table.Td className="numeric">{formatCount(item.booksDocuments)}</Table.Td>
          <Table.Td className="numeric">
            <Amount paise={item.booksTaxable} />
          </Table.Td>
          <Table.Td className="numeric">
            <Amount paise={item.booksTax} testId={`${testId}-books-tax`} />
          </Table.Td>
        </>
      ) : null}
      {showPortal ? (
        <>
          <Table.Td className="numeric">{formatCount(item.portalDocuments)}</Table.Td>
          <Table.Td className="numeric">
            <Amount paise={item.portalTaxable} />
          </Table.Td>
          <Table.Td className="numeric">
            <Amount paise={item.portalTax} testId={`${testId}-portal-tax`} />
          </Table.Td>
        </>
      ) : null}
      {showBooks && showPortal ? (
        <Table.Td className="numeric">
          <Difference paise={item.portalTax - item.booksTax} testId={`${testId}-difference`} />
        </Table.Td>
      ) : null}
    </>
  );
  const totals = {
    rows: sum(items, 'rows'),
    booksDocuments: sum(items, 'booksDocuments'),
    portalDocuments: sum(items, 'portalDocuments'),
    booksTaxable: sum(items, 'booksTaxable'),
    portalTaxable: sum(items, 'portalTaxable'),
    booksTax: sum(items, 'booksTax'),
    portalTax: sum(items, 'portalTax'),
  };
  return (
    <Stack gap="xs" data-testid="summary-tab">
      <Group gap="sm">
        <Text size="xs" fw={500}>
          {t('reconciliation.summary.sourceType')}
        </Text>
        <SegmentedControl
          size="xs"
          value={source}
          onChange={(value) => setSource(value as SourceType)}
          data={[
            { value: 'both', label: t('reconciliation.summary.both') },
            { value: 'books', label: t('reconciliation.side.books') },
            { value: 'portal', label: t('reconciliation.side.portal') },
          ]}
          data-testid="summary-source"
        />
      </Group>
      <Paper withBorder radius="sm">
        <Table fz="sm" verticalSpacing={6} stickyHeader data-testid="summary-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reconciliation.status')}</Table.Th>
              <Table.Th className="numeric">{t('reconciliation.summary.rows')}</Table.Th>
              {showBooks ? (
                <>
                  <Table.Th className="numeric">{t('reconciliation.summary.booksDocuments')}</Table.Th>
                  <Table.Th className="numeric">{t('reconciliation.booksTaxable')}</Table.Th>
                  <Table.Th className="numeric">{t('reconciliation.booksTax')}</Table.Th>
                </>
              ) : null}
              {showPortal ? (
                <>
                  <Table.Th className="numeric">{t('reconciliation.summary.portalDocuments')}</Table.Th>
                  <Table.Th className="numeric">{t('reconciliation.portalTaxable')}</Table.Th>
                  <Table.Th className="numeric">{t('reconciliation.portalTax')}</Table.Th>
                </>
              ) : null}
              {showBooks && showPortal ? <Table.Th className="numeric">{t('reconciliation.taxDifference')}</Table.Th> : null}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.status} data-testid={`summary-${item.status}`}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => onOpenRows({ statuses: [item.status] })}
                    title={t('reconciliation.summary.open')}
                  >
                    <ReconciliationStatusBadge status={item.status} />
                  </Anchor>
                </Table.Td>
                {cells(item, `summary-${item.status}`)}
                <Table.Td>
                  <StatusActions
                    runId={runId}
                    status={item.status}
                    rows={item.rows}
                    onDone={refresh}
                    actions={actions}
                    remarksHint={remarksHint}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={600} data-testid="summary-total">
              <Table.Td>{t('reconciliation.summary.total')}</Table.Td>
              {cells(totals, 'summary-total')}
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Paper>
    </Stack>
  );
};

const StatusActions = ({
  runId,
  status,
  rows,
  onDone,
  actions,
  remarksHint,
}: {
  runId: number;
  status: ReconciliationStatus;
  rows: number;
  onDone: () => void;
  actions: readonly RowActionName[] | undefined;
  remarksHint: string | undefined;
}) => {
  const t = useText();
  return (
    <RowActionButtonsFor
      runId={runId}
      kind="all"
      label={t('reconciliation.summary.actions')}
      selection={{ filters: { statuses: [status] } }}
      count={rows}
      onDone={onDone}
      testId={`summary-action-${status}`}
      actions={actions}
      remarksHint={remarksHint}
    />
  );
};
