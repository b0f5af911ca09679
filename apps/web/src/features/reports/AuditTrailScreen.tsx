import { useState } from 'react';
import { Alert, Badge, Group, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_TRAIL_REPORT, reportFileName, type AuditItem, type AuditSearchFilters } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { DetailDrawer, Field, FieldList } from '../../shared/DetailDrawer';
import { formatDateTime } from '../../shared/format';
import { ExportButton } from '../../shared/ExportButton';
import { DataTable } from '../../shared/list/DataTable';
import { parseSortExpression, toSortExpression, type SortState } from '../../shared/list/sortExpression';
import { reportColumn, type ColumnOverride } from '../../shared/report/reportColumns';
import { exportReport, useReport } from '../../shared/report/useReport';
import { StatusBadge } from '../../shared/StatusBadge';
import { changedFields, displayValue, isoOfDdMmYyyy } from './auditChanges';
import { auditDetailQuery, auditTrailKeys, userLookupQuery } from './auditTrailApi';

// /audit-trail-report (spec modules §2.1): who changed what and when, newest first, with before → after.

const DEFAULT_SORT: SortState = parseSortExpression(AUDIT_TRAIL_REPORT.defaultSort);
// The record types the server's audit rows carry.
const ENTITY_TYPES = [
  'User',
  'Role',
  'Branch',
  'Department',
  'Settings',
  'Entity',
  'Business',
  'Location',
  'ChildLocation',
  'ApiKey',
  'Subscriber',
];
const ACTIONS = ['Create', 'Update', 'Delete', 'StatusChange', 'Export', 'Import'] as const;

const AuditDetailView = ({ id }: { id: number }) => {
  const t = useText();
  const { data, isPending, isError } = useQuery(auditDetailQuery(id));
  if (isPending) return <Loader size="sm" />;
  if (isError)
    return (
      <Alert color="red" variant="light">
        {t('audit.detailFailed')}
      </Alert>
    );
  const changes = data.changes.length > 0 ? data.changes : changedFields(data.before, data.after);
  return (
    <Stack gap="md" data-testid="audit-detail">
      <FieldList>
        <Field label={t('audit.when')}>{formatDateTime(data.createdAt)}</Field>
        <Field label={t('audit.user')}>{data.userName ?? '—'}</Field>
        <Field label={t('audit.entityType')}>{data.entityType}</Field>
        <Field label={t('audit.record')}>{data.entityName ?? data.entityKey}</Field>
        <Field label={t('audit.action')}>
          <StatusBadge status={data.action} />
        </Field>
        <Field label={t('audit.ip')}>{data.ip ?? '—'}</Field>
      </FieldList>
      {changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('audit.noChanges')}
        </Text>
      ) : (
        <Table withTableBorder withColumnBorders fz="sm" verticalSpacing={4} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="26%">{t('audit.field')}</Table.Th>
              <Table.Th>{t('audit.before')}</Table.Th>
              <Table.Th>{t('audit.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((change) => (
              <Table.Tr key={change.field}>
                <Table.Td fw={500} style={{ wordBreak: 'break-word' }}>
                  {change.field}
                </Table.Td>
                <Table.Td bg="red.0" style={{ wordBreak: 'break-word' }}>
                  {displayValue(change.before)}
                </Table.Td>
                <Table.Td bg="green.0" style={{ wordBreak: 'break-word' }}>
                  {displayValue(change.after)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
};

/** A DD-MM-YYYY text input; the filter changes only when the text is a real date or empty. */
const DateFilter = ({ label, onChange, testId }: { label: string; onChange: (iso: string | null) => void; testId: string }) => {
  const t = useText();
  const [text, setText] = useState('');
  const iso = isoOfDdMmYyyy(text);
  const isInvalid = text.trim() !== '' && iso === null && text.length >= 10;
  return (
    <TextInput
      size="xs"
      w={130}
      label={label}
      placeholder="DD-MM-YYYY"
      value={text}
      maxLength={10}
      error={isInvalid ? t('audit.dateFormat') : undefined}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setText(value);
        const parsed = isoOfDdMmYyyy(value);
        if (value.trim() === '') onChange(null);
        else if (parsed) onChange(parsed);
      }}
      data-testid={testId}
    />
  );
};

export const AuditTrailScreen = () => {
  const t = useText();
  const { data: users = [] } = useQuery(userLookupQuery);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [filters, setFilters] = useState<AuditSearchFilters>({});
  const [openId, setOpenId] = useState<number | null>(null);
  const sortExpression = toSortExpression(sort);
  const list = useReport(AUDIT_TRAIL_REPORT, auditTrailKeys.list, filters, sortExpression);
  const setFilter = (patch: Partial<AuditSearchFilters>) => setFilters((current) => ({ ...current, ...patch }));

  const column = (key: (typeof AUDIT_TRAIL_REPORT)['columns'][number]['key'], override?: ColumnOverride<AuditItem>) =>
    reportColumn(AUDIT_TRAIL_REPORT, key, t, override);
  const columns = [
    column('createdAt'),
    column('userName'),
    column('entityType', {
      render: (row) => (
        <Badge size="sm" variant="outline" color="gray" radius="sm">
          {row.entityType}
        </Badge>
      ),
    }),
    column('entityName', { render: (row) => row.entityName ?? row.entityKey }),
    column('action', { render: (row) => <StatusBadge status={row.action} /> }),
    column('ip'),
  ];

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end">
        <Select
          size="xs"
          w={140}
          label={t('audit.entityType')}
          placeholder={t('audit.all')}
          clearable
          data={ENTITY_TYPES}
          value={filters.entityType ?? null}
          onChange={(value) => setFilter({ entityType: value })}
          data-testid="audit-entity-type"
        />
        <Select
          size="xs"
          w={140}
          label={t('audit.action')}
          placeholder={t('audit.all')}
          clearable
          data={[...ACTIONS]}
          value={filters.action ?? null}
          onChange={(value) => setFilter({ action: (value as AuditSearchFilters['action']) ?? null })}
          data-testid="audit-action"
        />
        <Select
          size="xs"
          w={180}
          label={t('audit.user')}
          placeholder={t('audit.all')}
          clearable
          searchable
          data={users.map((user) => ({ value: String(user.id), label: `${user.displayName} (${user.userName})` }))}
          value={filters.userId ? String(filters.userId) : null}
          onChange={(value) => setFilter({ userId: value ? Number(value) : null })}
          data-testid="audit-user"
        />
        <DateFilter label={t('audit.from')} onChange={(fromDate) => setFilter({ fromDate })} testId="audit-from" />
        <DateFilter label={t('audit.to')} onChange={(toDate) => setFilter({ toDate })} testId="audit-to" />
        <ExportButton
          download={() => exportReport(AUDIT_TRAIL_REPORT, sortExpression, filters)}
          fileName={reportFileName(AUDIT_TRAIL_REPORT)}
          testId="audit-export"
        />
      </Group>
      <DataTable
        columns={columns}
        rows={list.rows}
        rowId={(row) => row.id}
        rowLabel={(row) => `${row.action} ${row.entityType} ${row.entityName ?? row.entityKey}`}
        totalRecords={list.totalRecords}
        isLoading={list.isPending}
        emptyText={t('audit.empty')}
        sort={{ value: sort, fallback: DEFAULT_SORT, onChange: setSort }}
        onRowClick={(row) => setOpenId(row.id)}
        loadMore={{ hasMore: list.hasNextPage, isLoading: list.isFetchingNextPage, onLoad: () => void list.fetchNextPage() }}
      />
      <DetailDrawer opened={openId !== null} onClose={() => setOpenId(null)} title={t('audit.detailTitle')} size="xl">
        {openId !== null ? <AuditDetailView id={openId} /> : null}
      </DetailDrawer>
    </Stack>
  );
};
