import { useCallback, useState } from 'react';
import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Gstr1Section, ReturnSectionRow, ReturnSectionSummary } from '@opengst/contracts';
import { useText, type TextKey, type Translate } from '../../../i18n/useText';
import { SearchInput } from '../../../shared/SearchInput';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { listTableProps } from '../../../shared/list/listTableProps';
import { parseSortExpression, toSortExpression, type SortState } from '../../../shared/list/sortExpression';
import { useListQuery } from '../../../shared/list/useListQuery';
import { NameOverCode } from '../../../shared/report/reportColumns';
import { Amount, DateText } from '../ReturnBadges';
import { documentLink } from '../returnRules';
import { returnKeys, searchSection } from '../returnsApi';

// The drill-down of a section: its documents (load more by pageSize, a text filter on number or counterparty GSTIN),
// each linking to the document, with the portal's error on it at the last save.

const DEFAULT_SORT: SortState = parseSortExpression('documentDate ASC');

const columns = (t: Translate): Column<ReturnSectionRow>[] => [
  {
    key: 'documentDate',
    header: t('register.documentDate'),
    sortKey: 'documentDate',
    width: 100,
    render: (row) => <DateText iso={row.documentDate} />,
  },
  {
    key: 'documentNumber',
    header: t('register.number'),
    sortKey: 'documentNumber',
    width: 140,
    render: (row) => (
      <Stack gap={0}>
        <Anchor
          component={Link}
          to={documentLink(row.documentId)}
          size="sm"
          ff="monospace"
          fw={500}
          onClick={(event) => event.stopPropagation()}
        >
          {row.documentNumber}
        </Anchor>
        <Text size="xs" c="dimmed">
          {row.documentType}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'counterparty',
    header: t('register.customer'),
    sortKey: 'counterpartyGstin',
    render: (row) => (
      <NameOverCode
        name={row.counterpartyName}
        code={row.counterpartyGstin}
        missingCode={t('register.detail.unregistered')}
        maxWidth={180}
      />
    ),
  },
  { key: 'placeOfSupply', header: t('returns.pos'), width: 56, render: (row) => row.placeOfSupply ?? '—' },
  {
    key: 'taxable',
    header: t('register.taxable'),
    sortKey: 'taxable',
    isNumeric: true,
    width: 116,
    render: (row) => <Amount paise={row.taxable} />,
  },
  { key: 'igst', header: t('register.igst'), isNumeric: true, width: 100, render: (row) => <Amount paise={row.igst} /> },
  // CGST and SGST are equal halves; one column keeps the table within a laptop screen (the summary has each head).
  { key: 'cgstSgst', header: t('register.cgstSgst'), isNumeric: true, width: 110, render: (row) => <Amount paise={row.cgst + row.sgst} /> },
  { key: 'cess', header: t('register.cess'), isNumeric: true, width: 80, render: (row) => <Amount paise={row.cess} /> },
  {
    key: 'documentValue',
    header: t('register.documentValue'),
    sortKey: 'documentValue',
    isNumeric: true,
    width: 116,
    render: (row) => <Amount paise={row.documentValue} />,
  },
  {
    key: 'portalError',
    header: t('returns.portalError'),
    width: 180,
    render: (row) =>
      row.portalError ? (
        <Text size="xs" c="red.8" data-testid="document-portal-error">
          {row.portalError}
        </Text>
      ) : (
        '—'
      ),
  },
];

type Props = {
  returnId: number;
  /** Changes whenever the return is generated or saved again, so the list reloads. */
  version: string;
  summary: readonly ReturnSectionSummary[];
  section: Gstr1Section;
  onSection: (section: Gstr1Section) => void;
};

export const SectionDocumentsPanel = ({ returnId, version, summary, section, onSection }: Props) => {
  const t = useText();
  const [text, setText] = useState('');
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const onSearch = useCallback((value: string) => setText(value), []);
  const sortExpression = toSortExpression(sort);
  const list = useListQuery(returnKeys.section(returnId, version, section, text, sortExpression), (page) =>
    searchSection({ id: returnId, section, text: text || null, sortExpression, ...page }),
  );
  const sections = summary.filter((row) => row.records > 0 || row.section === section);
  return (
    <Stack gap="xs" data-testid="section-documents" data-section={section}>
      <Group gap="sm" align="flex-end">
        <Select
          size="xs"
          w={340}
          label={t('returns.section')}
          data={sections.map((row) => ({
            value: row.section,
            label: `${t(`returns.section.${row.section}` as TextKey)} (${row.records})`,
          }))}
          value={section}
          allowDeselect={false}
          onChange={(next) => {
            if (next) onSection(next as Gstr1Section);
          }}
          data-testid="section-select"
        />
        <SearchInput label={t('returns.sectionSearch')} onSearch={onSearch} testId="section-search" width={280} />
      </Group>
      <DataTable
        columns={columns(t)}
        rowId={(row) => row.documentId}
        rowTestId={(row) => `section-document-${row.documentNumber}`}
        rowLabel={(row) => `${row.documentType} ${row.documentNumber}`}
        emptyText={text ? t('returns.sectionNoMatch') : t('returns.sectionEmpty')}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
        {...listTableProps(list)}
        maxHeight={520}
      />
    </Stack>
  );
};
