import { Autocomplete, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  HSN_SAC_DEFAULT_SORT,
  HSN_SAC_DESCRIPTION_MAX,
  type HsnSac,
  type HsnSacFilters,
  type HsnSacOptions,
  type HsnSacStatus,
} from '@opengst/contracts';
import { useText, type Translate } from '../../../i18n/useText';
import { ApiForm } from '../../../shared/ApiForm';
import { formatDate } from '../../../shared/format';
import type { Column } from '../../../shared/list/DataTable';
import { StatusBadge } from '../../../shared/StatusBadge';
import { MasterList } from '../MasterList';
import { useMasterForm } from '../useMasterForm';
import {
  deleteHsnSacs,
  exportHsnSacs,
  hsnSacKeys,
  hsnSacOptions,
  saveHsnSac,
  searchHsnSacs,
  searchOfficialCodes,
  setHsnSacStatus,
} from './hsnSacApi';

// /hsn-sac (spec modules §2.7; issue 20): the subscriber's own HSN/SAC codes with a description, the usual GST rate and
// the unit. The code field looks the GST portal's directory up as the user types a code or words and shows the
// directory's description of the code chosen (the description defaults to it); the rates offered are the slabs in
// force today and the units the GST UQC list (a service: none or OTH). The server checks all of it again and its
// refusals show on the field. Import goes to /import with the HSN/SAC type chosen.

const FIELDS = ['code', 'description', 'rate', 'uqc', 'status'] as const;

type Draft = { id?: number; code: string; description: string; rate: number | null; uqc: string | null; status: HsnSacStatus };

const draftOf = (row: HsnSac): Draft => ({
  id: row.id,
  code: row.code,
  description: row.description,
  rate: row.rate,
  uqc: row.uqc,
  status: row.status,
});

const digitsOf = (text: string) => text.replace(/[\s.]/g, '');
const isService = (code: string) => digitsOf(code).startsWith('99');
const percent = (milli: number) => `${milli / 1000}%`;

const rateChoices = (t: Translate, options: HsnSacOptions | undefined) =>
  (options?.rates ?? []).map((r) => ({
    value: String(r.rate),
    label: r.restricted ? `${r.ratePercent}% (${t('hsnSac.restricted')})` : `${r.ratePercent}%`,
  }));

/** The directory's codes for what is typed (a code or words), and its description of the code typed, if listed. */
const useOfficialLookup = (text: string) => {
  const [query] = useDebouncedValue(text.trim(), 250);
  const found = useQuery({
    queryKey: hsnSacKeys.official(query),
    queryFn: () => searchOfficialCodes(query),
    enabled: query.length >= 2,
    staleTime: 60_000,
  });
  const items = found.data?.items ?? [];
  const exact = items.find((item) => item.code === digitsOf(query));
  return { items, exact, isChecked: found.isSuccess && query.length >= 2 && /^\d+$/.test(digitsOf(query)) };
};

const HsnSacForm = ({ initial, options, onSaved }: { initial: Draft; options: HsnSacOptions | undefined; onSaved: () => void }) => {
  const t = useText();
  const { draft, set, errors, clearErrors, isBusy, save } = useMasterForm(initial, FIELDS);
  const lookup = useOfficialLookup(draft.code);
  const service = isService(draft.code);
  const uqcChoices = service
    ? [{ value: options?.serviceUqc ?? 'OTH', label: options?.serviceUqc ?? 'OTH' }]
    : (options?.uqcs ?? []).map((u) => ({ value: u.code, label: `${u.code} — ${u.name}` }));
  const descriptions = new Map(lookup.items.map((item) => [item.code, item.description]));

  const submit = () =>
    save(
      () =>
        saveHsnSac({
          ...(draft.id ? { id: draft.id } : {}),
          code: digitsOf(draft.code),
          description: draft.description.trim(),
          rate: draft.rate,
          uqc: draft.uqc,
          status: draft.status,
        }),
      onSaved,
    );

  return (
    <ApiForm onSubmit={submit} messages={errors.general} errorTestId="hsn-form-refusal">
      <Autocomplete
        size="sm"
        label={t('hsnSac.code')}
        description={t('hsnSac.codeHint')}
        required
        maxLength={100}
        value={draft.code}
        data={lookup.items.map((item) => item.code)}
        filter={({ options: all }) => all}
        renderOption={({ option }) => (
          <Text size="xs">
            <code>{option.value}</code> {descriptions.get(option.value) ?? ''}
          </Text>
        )}
        error={errors.fields.code}
        onChange={(value) => {
          set('code', value);
          clearErrors();
        }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="hsn-code"
        data-autofocus
      />
      {lookup.exact ? (
        <Text size="xs" c="dimmed" data-testid="hsn-official">
          {t('hsnSac.official', { description: lookup.exact.description })}
        </Text>
      ) : lookup.isChecked && !lookup.items.some((item) => item.code.startsWith(digitsOf(draft.code))) ? (
        <Text size="xs" c="red" data-testid="hsn-not-official">
          {t('hsnSac.notOfficial')}
        </Text>
      ) : null}
      <TextInput
        size="sm"
        label={t('hsnSac.description')}
        description={t('hsnSac.descriptionHint')}
        placeholder={lookup.exact?.description}
        maxLength={HSN_SAC_DESCRIPTION_MAX}
        value={draft.description}
        error={errors.fields.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        data-testid="hsn-description"
      />
      <Group grow align="flex-start">
        <Select
          size="sm"
          label={t('hsnSac.rate')}
          description={t('hsnSac.rateHint')}
          clearable
          data={rateChoices(t, options)}
          value={draft.rate === null ? null : String(draft.rate)}
          error={errors.fields.rate}
          onChange={(value) => set('rate', value === null ? null : Number(value))}
          data-testid="hsn-rate"
        />
        <Select
          size="sm"
          label={t('hsnSac.uqc')}
          description={service ? t('hsnSac.uqcServiceHint') : t('hsnSac.uqcHint')}
          clearable
          searchable
          data={uqcChoices}
          value={draft.uqc}
          error={errors.fields.uqc}
          onChange={(value) => set('uqc', value)}
          data-testid="hsn-uqc"
        />
      </Group>
      <Select
        size="sm"
        label={t('hsnSac.status')}
        data={['Active', 'Inactive']}
        value={draft.status}
        allowDeselect={false}
        onChange={(value) => set('status', value === 'Inactive' ? 'Inactive' : 'Active')}
        data-testid="hsn-status"
      />
      <Group justify="flex-end">
        <Button type="submit" size="sm" loading={isBusy} data-testid="hsn-save">
          {t('hsnSac.save')}
        </Button>
      </Group>
    </ApiForm>
  );
};

const columnsOf = (t: Translate): Column<HsnSac>[] => [
  {
    key: 'code',
    header: t('hsnSac.code'),
    sortKey: 'code',
    width: 120,
    render: (row) => <code data-testid={`hsn-value-${row.id}`}>{row.code}</code>,
  },
  { key: 'kind', header: t('hsnSac.kind'), width: 70, render: (row) => row.kind },
  { key: 'description', header: t('hsnSac.description'), sortKey: 'description', render: (row) => row.description },
  {
    key: 'rate',
    header: t('hsnSac.rate'),
    sortKey: 'rate',
    width: 80,
    isNumeric: true,
    render: (row) => (row.rate === null ? '' : percent(row.rate)),
  },
  { key: 'uqc', header: t('hsnSac.uqc'), sortKey: 'uqc', width: 70, render: (row) => row.uqc ?? '' },
  { key: 'status', header: t('hsnSac.status'), sortKey: 'status', width: 100, render: (row) => <StatusBadge status={row.status} /> },
  { key: 'updatedBy', header: t('hsnSac.updatedBy'), width: 140, render: (row) => row.updatedByName ?? '' },
  { key: 'updatedAt', header: t('hsnSac.updatedAt'), sortKey: 'updatedAt', width: 110, render: (row) => formatDate(row.updatedAt) },
];

export const HsnSacScreen = () => {
  const t = useText();
  const options = useQuery({ queryKey: hsnSacKeys.options(), queryFn: hsnSacOptions, staleTime: 10 * 60_000 });
  return (
    <MasterList<HsnSac, HsnSacFilters, Draft>
      testId="hsn"
      importType="HsnSac"
      listKey={hsnSacKeys.list()}
      changes={hsnSacKeys.all}
      defaultSort={HSN_SAC_DEFAULT_SORT}
      search={searchHsnSacs}
      exportFile={{ fileName: 'hsn-sac.xlsx', download: exportHsnSacs }}
      columns={columnsOf(t)}
      rowLabel={(row) => row.code}
      emptyText={t('hsnSac.empty')}
      searchLabel={t('hsnSac.search')}
      filterBar={(filters, setFilters) => (
        <>
          <Select
            size="xs"
            w={130}
            aria-label={t('hsnSac.kind')}
            placeholder={t('hsnSac.allKinds')}
            clearable
            data={['HSN', 'SAC']}
            value={filters.kind ?? null}
            onChange={(value) => setFilters({ ...filters, kind: value === 'HSN' || value === 'SAC' ? value : undefined })}
            data-testid="hsn-filter-kind"
          />
          <Select
            size="xs"
            w={120}
            aria-label={t('hsnSac.rate')}
            placeholder={t('hsnSac.allRates')}
            clearable
            data={(options.data?.rates ?? []).map((r) => ({ value: String(r.rate), label: `${r.ratePercent}%` }))}
            value={filters.rate === undefined || filters.rate === null ? null : String(filters.rate)}
            onChange={(value) => setFilters({ ...filters, rate: value === null ? undefined : Number(value) })}
            data-testid="hsn-filter-rate"
          />
        </>
      )}
      rowActions={{ setStatus: setHsnSacStatus, remove: deleteHsnSacs, confirmDeleteKey: 'hsnSac.confirmDelete' }}
      editor={{
        addLabel: t('hsnSac.add'),
        newDraft: () => ({ code: '', description: '', rate: null, uqc: null, status: 'Active' }),
        draftOf,
        title: (draft) => (draft.id ? t('hsnSac.edit', { code: draft.code }) : t('hsnSac.add')),
        form: (draft, onSaved) => <HsnSacForm initial={draft} options={options.data} onSaved={onSaved} />,
      }}
    />
  );
};
