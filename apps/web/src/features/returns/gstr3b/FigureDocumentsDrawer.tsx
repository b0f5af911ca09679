import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Gstr3bFigureDocument, Gstr3bKey, Gstr3bRow } from '@opengst/contracts';
import { DetailDrawer } from '../../../shared/DetailDrawer';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { listTableProps } from '../../../shared/list/listTableProps';
import { useListQuery } from '../../../shared/list/useListQuery';
import { NameOverCode } from '../../../shared/report/reportColumns';
import { Amount, DateText } from '../ReturnBadges';
import { gstr3bKeys, searchFigureDocuments } from './gstr3bApi';
import { rowLabelOf } from './Gstr3bFiguresTable';
import { useText, type Translate } from '../../../i18n/useText';

// The drill-down of a figure (issue 19 "every figure traceable to its documents"): the sales and purchase documents,
// GSTR-2B records and GSTR-1 summary rows behind it, load more by the page size. A document of the books links to
// its screen; a GSTR-2B record or a summary row has none.

const linkOf = (row: Gstr3bFigureDocument): string | null =>
  row.kind === 'sales' || row.kind === 'purchase'
    ? `/edit-document?${new URLSearchParams({ id: String(row.id), type: row.kind === 'sales' ? 'Sales' : 'Purchase' }).toString()}`
    : null;

const columns = (t: Translate): Column<Gstr3bFigureDocument>[] => [
  {
    key: 'kind',
    header: t('gstr3b.documents.kind'),
    width: 96,
    render: (row) => (
      <Badge size="sm" variant="light" color="gray" radius="sm" tt="none">
        {t(`gstr3b.kind.${row.kind}`)}
      </Badge>
    ),
  },
  {
    key: 'documentNumber',
    header: t('gstr3b.documents.number'),
    width: 150,
    render: (row) => {
      const to = linkOf(row);
      return (
        <Stack gap={0}>
          {to ? (
            <Anchor component={Link} to={to} size="sm" ff="monospace" fw={500}>
              {row.documentNumber}
            </Anchor>
          ) : (
            <Text size="sm" ff="monospace">
              {row.documentNumber}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {row.documentType}
          </Text>
        </Stack>
      );
    },
  },
  {
    key: 'documentDate',
    header: t('gstr3b.documents.date'),
    width: 96,
    // A summary row has a period, no date.
    render: (row) => (row.documentDate ? <DateText iso={row.documentDate} /> : (row.returnPeriod ?? '—')),
  },
  {
    key: 'counterparty',
    header: t('gstr3b.documents.counterparty'),
    render: (row) => <NameOverCode name={row.counterpartyName} code={row.counterpartyGstin} maxWidth={180} />,
  },
  { key: 'placeOfSupply', header: t('gstr3b.documents.pos'), width: 52, render: (row) => row.placeOfSupply ?? '—' },
  { key: 'taxable', header: t('gstr3b.column.taxable'), isNumeric: true, width: 116, render: (row) => <Amount paise={row.taxable} /> },
  { key: 'igst', header: t('gstr3b.column.igst'), isNumeric: true, width: 104, render: (row) => <Amount paise={row.igst} /> },
  { key: 'cgst', header: t('gstr3b.column.cgst'), isNumeric: true, width: 96, render: (row) => <Amount paise={row.cgst} /> },
  { key: 'sgst', header: t('gstr3b.column.sgst'), isNumeric: true, width: 96, render: (row) => <Amount paise={row.sgst} /> },
  { key: 'cess', header: t('gstr3b.column.cess'), isNumeric: true, width: 80, render: (row) => <Amount paise={row.cess} /> },
];

const FigureDocuments = ({ returnKey, row, version }: { returnKey: Gstr3bKey; row: Gstr3bRow; version: string }) => {
  const t = useText();
  const list = useListQuery([...gstr3bKeys.documents(returnKey, row.figure, row.placeOfSupply), version], (page) =>
    searchFigureDocuments({ ...returnKey, figure: row.figure, placeOfSupply: row.placeOfSupply, ...page }),
  );
  return (
    <Stack gap="xs" data-testid="figure-documents" data-figure={row.figure}>
      <Group gap="lg" data-testid="figure-documents-figure">
        {row.columns.map((column) => (
          <Stack key={column} gap={0}>
            <Text size="xs" c="dimmed">
              {t(`gstr3b.column.${column}`)} ({t('gstr3b.system')})
            </Text>
            <Amount paise={row.system[column]} fw={600} />
          </Stack>
        ))}
        <Text size="xs" c="dimmed" ml="auto">
          {t('gstr3b.documentsOf', row.sources)}
        </Text>
      </Group>
      <DataTable
        columns={columns(t)}
        rowId={(document) => document.id}
        rowTestId={(document) => `figure-document-${document.kind}-${document.documentNumber}`}
        rowLabel={(document) => `${document.documentType} ${document.documentNumber}`}
        emptyText={t('gstr3b.documents.empty')}
        {...listTableProps(list)}
        maxHeight={640}
      />
    </Stack>
  );
};

export const FigureDocumentsDrawer = ({
  returnKey,
  row,
  version,
  onClose,
}: {
  returnKey: Gstr3bKey;
  row: Gstr3bRow | null;
  /** Changes whenever the return is computed again, so the list reloads. */
  version: string;
  onClose: () => void;
}) => {
  const t = useText();
  return (
    <DetailDrawer
      opened={row !== null}
      onClose={onClose}
      // Wide enough for the form's five columns beside the document.
      size="min(1180px, 94vw)"
      title={row ? t('gstr3b.drillDown', { figure: rowLabelOf(row, t) }) : ''}
      testId="figure-drawer"
    >
      {row ? <FigureDocuments returnKey={returnKey} row={row} version={version} /> : null}
    </DetailDrawer>
  );
};
