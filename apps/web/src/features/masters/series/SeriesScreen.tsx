import { Alert, Button, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Series, type SeriesFilters, type SeriesStatus, SERIES_DEFAULT_SORT } from '@opengst/contracts';
import { formatSeriesNumber, MAX_LENGTHS, seriesIssues } from '@opengst/domain';
import { financialYearsQuery } from '../../../api/sessionData';
import { useText, type Translate } from '../../../i18n/useText';
import { ApiForm } from '../../../shared/ApiForm';
import { formatDate } from '../../../shared/format';
import type { Column } from '../../../shared/list/DataTable';
import { StatusBadge } from '../../../shared/StatusBadge';
import { useWorkingYear } from '../../../shared/workingYear';
import { MasterList } from '../MasterList';
import { useMasterForm } from '../useMasterForm';
import { deleteSeries, exportSeries, saveSeries, searchSeries, seriesKeys, setSeriesStatus } from './seriesApi';

// /series (spec modules §2.5, sort 'id DESC'): the subscriber's document number series per financial year. The form
// previews the number the next document will take and checks it against Rule 46(b) as the user types (the domain's
// seriesIssues, the same check the server makes); a series that has numbered documents keeps its year, prefix and digits.

const FIELDS = ['name', 'financialYear', 'prefix', 'padding', 'startNumber', 'nextNumber'] as const;

type Draft = {
  id?: number;
  name: string;
  financialYear: string;
  prefix: string;
  padding: number;
  startNumber: number;
  nextNumber: number;
  status: SeriesStatus;
  numbered: number;
};

const draftOf = (row: Series): Draft => ({
  id: row.id,
  name: row.name,
  financialYear: row.financialYear,
  prefix: row.prefix,
  padding: row.padding,
  startNumber: row.startNumber,
  nextNumber: row.nextNumber,
  status: row.status,
  numbered: row.numbered,
});

const SeriesForm = ({ initial, years, onSaved }: { initial: Draft; years: string[]; onSaved: () => void }) => {
  const t = useText();
  const { draft, set, errors, setErrors, isBusy, save } = useMasterForm(initial, FIELDS);
  const isUsed = draft.numbered > 0;
  const prefix = draft.prefix.trim();
  const next = draft.id ? draft.nextNumber : draft.startNumber;
  const preview = formatSeriesNumber({ prefix, padding: draft.padding || 1 }, next || 1);
  // The domain's own check, as the server makes it, shown while typing.
  const local = Object.fromEntries(
    seriesIssues({
      prefix,
      padding: draft.padding,
      startNumber: draft.startNumber,
      nextNumber: draft.id ? draft.nextNumber : undefined,
    }).map((issue) => [issue.propertyName, issue.message]),
  );
  const fieldError = (name: (typeof FIELDS)[number]) => errors.fields[name] ?? local[name];

  const submit = async () => {
    if (!draft.name.trim()) {
      setErrors({ fields: { name: t('org.nameRequired') }, general: [] });
      return;
    }
    if (Object.keys(local).length > 0) return;
    await save(
      () =>
        saveSeries({
          ...(draft.id ? { id: draft.id, nextNumber: draft.nextNumber } : {}),
          name: draft.name.trim(),
          financialYear: draft.financialYear,
          prefix,
          padding: draft.padding,
          startNumber: draft.startNumber,
          status: draft.status,
        }),
      onSaved,
    );
  };
  const number = (value: string | number) => (typeof value === 'number' ? value : Number.parseInt(value, 10) || 0);

  return (
    <ApiForm onSubmit={submit} messages={errors.general}>
      {isUsed ? (
        <Alert color="gray" variant="light" p="xs" data-testid="series-locked">
          <Text size="xs">{t('series.lockedShape', { n: draft.numbered })}</Text>
        </Alert>
      ) : null}
      <TextInput
        size="sm"
        label={t('series.name')}
        required
        maxLength={60}
        value={draft.name}
        error={fieldError('name')}
        onChange={(e) => set('name', e.currentTarget.value)}
        data-testid="series-name"
        data-autofocus
      />
      <Select
        size="sm"
        label={t('series.financialYear')}
        required
        data={years}
        value={draft.financialYear}
        allowDeselect={false}
        disabled={isUsed}
        error={fieldError('financialYear')}
        onChange={(value) => set('financialYear', value ?? draft.financialYear)}
        data-testid="series-year"
      />
      <Group grow align="flex-start">
        <TextInput
          size="sm"
          label={t('series.prefix')}
          description={t('series.prefixHint')}
          maxLength={15}
          value={draft.prefix}
          disabled={isUsed}
          error={fieldError('prefix')}
          onChange={(e) => set('prefix', e.currentTarget.value)}
          data-testid="series-prefix"
        />
        <NumberInput
          size="sm"
          label={t('series.padding')}
          description={t('series.paddingHint')}
          min={1}
          max={10}
          allowDecimal={false}
          value={draft.padding}
          disabled={isUsed}
          error={fieldError('padding')}
          onChange={(value) => set('padding', number(value))}
          data-testid="series-padding"
        />
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          size="sm"
          label={t('series.startNumber')}
          min={1}
          allowDecimal={false}
          thousandSeparator={false}
          value={draft.startNumber}
          disabled={isUsed}
          error={fieldError('startNumber')}
          onChange={(value) => set('startNumber', number(value))}
          data-testid="series-start"
        />
        {draft.id ? (
          <NumberInput
            size="sm"
            label={t('series.nextNumber')}
            description={t('series.nextNumberHint')}
            min={1}
            allowDecimal={false}
            thousandSeparator={false}
            value={draft.nextNumber}
            error={fieldError('nextNumber')}
            onChange={(value) => set('nextNumber', number(value))}
            data-testid="series-next"
          />
        ) : null}
      </Group>
      <Text
        size="sm"
        c={preview.length > MAX_LENGTHS.documentNumber ? 'red' : 'dimmed'}
        data-testid="series-preview"
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {preview.length > MAX_LENGTHS.documentNumber
          ? t('series.previewInvalid', { number: preview, length: preview.length })
          : t('series.preview', { number: preview, length: preview.length })}
      </Text>
      <Select
        size="sm"
        label={t('series.status')}
        data={['Active', 'Inactive']}
        value={draft.status}
        allowDeselect={false}
        onChange={(value) => set('status', value === 'Inactive' ? 'Inactive' : 'Active')}
      />
      <Group justify="flex-end">
        <Button type="submit" size="sm" loading={isBusy} data-testid="series-save">
          {t('series.save')}
        </Button>
      </Group>
    </ApiForm>
  );
};

const columnsOf = (t: Translate): Column<Series>[] => [
  { key: 'name', header: t('series.name'), sortKey: 'name', render: (row) => row.name },
  { key: 'financialYear', header: t('series.financialYear'), sortKey: 'financialYear', width: 110, render: (row) => row.financialYear },
  { key: 'prefix', header: t('series.prefix'), sortKey: 'prefix', width: 130, render: (row) => <code>{row.prefix}</code> },
  { key: 'padding', header: t('series.padding'), width: 70, isNumeric: true, render: (row) => row.padding },
  {
    key: 'next',
    header: t('series.nextDocumentNumber'),
    sortKey: 'nextNumber',
    width: 180,
    render: (row) => <code data-testid={`series-next-${row.id}`}>{row.nextDocumentNumber}</code>,
  },
  { key: 'numbered', header: t('series.numbered'), width: 95, isNumeric: true, render: (row) => row.numbered },
  { key: 'allocations', header: t('series.allocations'), width: 95, isNumeric: true, render: (row) => row.allocations },
  { key: 'status', header: t('series.status'), sortKey: 'status', width: 100, render: (row) => <StatusBadge status={row.status} /> },
  { key: 'updatedAt', header: t('series.updatedAt'), sortKey: 'updatedAt', width: 110, render: (row) => formatDate(row.updatedAt) },
];

export const SeriesScreen = () => {
  const t = useText();
  const { data: financialYears = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const workingYear = useWorkingYear(financialYears);
  const years = financialYears.map((year) => year.label).reverse();
  return (
    <MasterList<Series, SeriesFilters, Draft>
      testId="series"
      listKey={seriesKeys.series()}
      changes={seriesKeys.all}
      defaultSort={SERIES_DEFAULT_SORT}
      search={searchSeries}
      exportFile={{ fileName: 'series.xlsx', download: exportSeries }}
      columns={columnsOf(t)}
      rowLabel={(row) => row.name}
      emptyText={t('series.empty')}
      searchLabel={t('series.search')}
      filterBar={(filters, setFilters) => (
        <Select
          size="xs"
          w={130}
          aria-label={t('series.financialYear')}
          placeholder={t('series.allYears')}
          clearable
          data={years}
          value={filters.financialYear ?? null}
          onChange={(value) => setFilters({ ...filters, financialYear: value ?? undefined })}
          data-testid="series-filter-year"
        />
      )}
      rowActions={{ setStatus: setSeriesStatus, remove: deleteSeries, confirmDeleteKey: 'series.confirmDelete' }}
      editor={{
        addLabel: t('series.add'),
        newDraft: () => ({
          name: '',
          financialYear: workingYear,
          prefix: '',
          padding: 4,
          startNumber: 1,
          nextNumber: 1,
          status: 'Active',
          numbered: 0,
        }),
        draftOf,
        title: (draft) => (draft.id ? t('series.edit', { name: draft.name }) : t('series.add')),
        form: (draft, onSaved) => <SeriesForm initial={draft} years={years.length > 0 ? years : [draft.financialYear]} onSaved={onSaved} />,
      }}
    />
  );
};
