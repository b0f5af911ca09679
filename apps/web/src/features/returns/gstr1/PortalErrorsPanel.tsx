import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ReturnErrorRow } from '@opengst/contracts';
import { useText, type Translate } from '../../../i18n/useText';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { listTableProps } from '../../../shared/list/listTableProps';
import { useListQuery } from '../../../shared/list/useListQuery';
import { documentLink } from '../returnRules';
import { returnKeys, searchReturnErrors } from '../returnsApi';

// The portal's answer to the last save, per document (UI.md "Explain, don't just flag": the section, the document and
// the portal's own code and message).

const columns = (t: Translate): Column<ReturnErrorRow>[] => [
  {
    key: 'section',
    header: t('returns.section'),
    width: 90,
    render: (row) => (
      <Text span size="sm" ff="monospace">
        {row.section}
      </Text>
    ),
  },
  {
    key: 'documentNumber',
    header: t('register.number'),
    width: 150,
    render: (row) =>
      row.documentId !== null && row.documentNumber ? (
        <Anchor component={Link} to={documentLink(row.documentId)} size="sm" ff="monospace">
          {row.documentNumber}
        </Anchor>
      ) : (
        (row.documentNumber ?? '—')
      ),
  },
  {
    key: 'counterpartyGstin',
    header: t('register.detail.gstin'),
    width: 160,
    render: (row) => (
      <Text span size="sm" ff="monospace">
        {row.counterpartyGstin ?? '—'}
      </Text>
    ),
  },
  {
    key: 'errorCode',
    header: t('errors.code'),
    width: 110,
    render: (row) => (
      <Text span size="sm" ff="monospace">
        {row.errorCode}
      </Text>
    ),
  },
  {
    key: 'errorMessage',
    header: t('errors.message'),
    render: (row) => (
      <Text size="sm" c="red">
        {row.errorMessage}
      </Text>
    ),
  },
];

export const PortalErrorsPanel = ({ returnId, version }: { returnId: number; version: string }) => {
  const t = useText();
  const list = useListQuery(returnKeys.errors(returnId, version), (page) => searchReturnErrors(returnId, page));
  return (
    <DataTable
      columns={columns(t)}
      rowId={(row) => row.id}
      rowTestId={(row) => `portal-error-${row.id}`}
      emptyText={t('returns.errorsEmpty')}
      {...listTableProps(list)}
      maxHeight={520}
    />
  );
};
