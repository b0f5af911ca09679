import { Button, Checkbox, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  ACCOUNT_KINDS,
  CHART_OF_ACCOUNTS_DEFAULT_SORT,
  GST_HEAD_LABELS,
  type AccountStatus,
  type AccountType,
  type ChartAccount,
  type ChartAccountFilters,
  type ChartGroup,
  type GstHead,
} from '@opengst/contracts';
import { ACCOUNT_CODE_MAX, ACCOUNT_DESCRIPTION_MAX, ACCOUNT_NAME_MAX, ACCOUNT_TYPES, accountIssues, GST_HEAD_CODES } from '@opengst/domain';
import { useText, type Translate } from '../../../i18n/useText';
import { ApiForm } from '../../../shared/ApiForm';
import { formatDate } from '../../../shared/format';
import type { Column } from '../../../shared/list/DataTable';
import { StatusBadge } from '../../../shared/StatusBadge';
import { MasterList } from '../MasterList';
import { useMasterForm } from '../useMasterForm';
import {
  chartGroups,
  chartOfAccountsKeys,
  deleteChartAccounts,
  exportChartAccounts,
  saveChartAccount,
  searchChartAccounts,
  setChartAccountStatus,
} from './chartOfAccountsApi';

// /chart-of-accounts (spec modules §2.5; issue 20): the subscriber's groups and ledgers as a tree. Each row shows its
// path (Group > Sub-group > Ledger); the form offers as parent only the groups of the same account type outside the
// account's own branch, and checks code, name and the GST head against the type as the user types (the domain's
// accountIssues, the same check the server makes). Import goes to /import with this type chosen.

const FIELDS = ['code', 'name', 'accountType', 'isGroup', 'parentId', 'gstHead', 'description', 'status'] as const;
/** The import screen with the chart of accounts chosen. */

type Draft = {
  id?: number;
  code: string;
  name: string;
  accountType: AccountType;
  isGroup: boolean;
  parentId: number | null;
  gstHead: GstHead | null;
  description: string;
  status: AccountStatus;
  path: string;
};

const draftOf = (row: ChartAccount): Draft => ({
  id: row.id,
  code: row.code,
  name: row.name,
  accountType: row.accountType,
  isGroup: row.isGroup,
  parentId: row.parentId,
  gstHead: row.gstHead,
  description: row.description,
  status: row.status,
  path: row.path,
});

const GST_HEAD_CHOICES = GST_HEAD_CODES.map((head) => ({ value: head, label: GST_HEAD_LABELS[head] }));

/** The groups an account may sit under: its own type, not itself and not inside its own branch. */
const parentChoices = (groups: readonly ChartGroup[], draft: Draft) =>
  groups
    .filter((g) => g.accountType === draft.accountType && g.id !== draft.id && !(draft.id && g.path.startsWith(`${draft.path} > `)))
    .map((g) => ({ value: String(g.id), label: g.path }));

const ChartAccountForm = ({ initial, onSaved }: { initial: Draft; onSaved: () => void }) => {
  const t = useText();
  const { draft, set, errors, isBusy, save } = useMasterForm(initial, FIELDS);
  const { data: groups = [] } = useQuery({ queryKey: chartOfAccountsKeys.groups(), queryFn: chartGroups });
  const local = Object.fromEntries(
    accountIssues({ ...draft, gstHead: draft.isGroup ? null : draft.gstHead })
      .filter((issue) => issue.propertyName !== 'code' || draft.code.trim() !== '')
      .filter((issue) => issue.propertyName !== 'name' || draft.name.trim() !== '')
      .map((issue) => [issue.propertyName, issue.message]),
  );
  const fieldError = (name: (typeof FIELDS)[number]) => errors.fields[name] ?? local[name];
  const choices = parentChoices(groups, draft);

  const submit = async () => {
    const all = accountIssues({ ...draft, gstHead: draft.isGroup ? null : draft.gstHead });
    if (all.length > 0) return;
    await save(
      () =>
        saveChartAccount({
          ...(draft.id ? { id: draft.id } : {}),
          code: draft.code.trim(),
          name: draft.name.trim(),
          accountType: draft.accountType,
          isGroup: draft.isGroup,
          parentId: draft.parentId,
          gstHead: draft.isGroup ? null : draft.gstHead,
          description: draft.description.trim(),
          status: draft.status,
        }),
      onSaved,
    );
  };

  return (
    <ApiForm onSubmit={submit} messages={errors.general}>
      <Group grow align="flex-start">
        <TextInput
          size="sm"
          label={t('coa.code')}
          description={t('coa.codeHint')}
          required
          maxLength={ACCOUNT_CODE_MAX}
          value={draft.code}
          error={fieldError('code')}
          onChange={(e) => set('code', e.currentTarget.value)}
          data-testid="coa-code"
          data-autofocus
        />
        <Select
          size="sm"
          label={t('coa.accountType')}
          required
          data={[...ACCOUNT_TYPES]}
          value={draft.accountType}
          allowDeselect={false}
          error={fieldError('accountType')}
          onChange={(value) => {
            const type = ACCOUNT_TYPES.find((candidate) => candidate === value) ?? draft.accountType;
            set('accountType', type);
            // A parent of the old type no longer fits.
            if (type !== draft.accountType) set('parentId', null);
          }}
          data-testid="coa-type"
        />
      </Group>
      <TextInput
        size="sm"
        label={t('coa.name')}
        required
        maxLength={ACCOUNT_NAME_MAX}
        value={draft.name}
        error={fieldError('name')}
        onChange={(e) => set('name', e.currentTarget.value)}
        data-testid="coa-name"
      />
      <Checkbox
        size="sm"
        label={t('coa.isGroup')}
        checked={draft.isGroup}
        error={fieldError('isGroup')}
        onChange={(e) => set('isGroup', e.currentTarget.checked)}
        data-testid="coa-is-group"
      />
      <Select
        size="sm"
        label={t('coa.parent')}
        description={t('coa.parentHint')}
        clearable
        searchable
        data={choices}
        value={draft.parentId === null ? null : String(draft.parentId)}
        error={fieldError('parentId')}
        onChange={(value) => set('parentId', value ? Number(value) : null)}
        data-testid="coa-parent"
      />
      {draft.isGroup ? null : (
        <Select
          size="sm"
          label={t('coa.gstHead')}
          description={t('coa.gstHeadHint')}
          clearable
          searchable
          data={GST_HEAD_CHOICES}
          value={draft.gstHead}
          error={fieldError('gstHead')}
          onChange={(value) => set('gstHead', GST_HEAD_CODES.find((head) => head === value) ?? null)}
          data-testid="coa-gst-head"
        />
      )}
      <Textarea
        size="sm"
        label={t('coa.description')}
        maxLength={ACCOUNT_DESCRIPTION_MAX}
        autosize
        minRows={2}
        value={draft.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        data-testid="coa-description"
      />
      <Select
        size="sm"
        label={t('coa.status')}
        data={['Active', 'Inactive']}
        value={draft.status}
        allowDeselect={false}
        error={fieldError('status')}
        onChange={(value) => set('status', value === 'Inactive' ? 'Inactive' : 'Active')}
      />
      <Group justify="flex-end">
        <Button type="submit" size="sm" loading={isBusy} data-testid="coa-save">
          {t('coa.save')}
        </Button>
      </Group>
    </ApiForm>
  );
};

const columnsOf = (t: Translate): Column<ChartAccount>[] => [
  { key: 'code', header: t('coa.code'), sortKey: 'code', width: 125, render: (row) => <code>{row.code}</code> },
  {
    key: 'name',
    header: t('coa.name'),
    sortKey: 'name',
    // The name, and beneath it the account's place in the tree (its groups from the top) when it sits under one.
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{row.name}</Text>
        {row.parentCode ? (
          <Text size="xs" c="dimmed" data-testid={`coa-path-${row.code}`}>
            {row.path}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { key: 'accountType', header: t('coa.accountType'), sortKey: 'accountType', width: 115, render: (row) => row.accountType },
  { key: 'kind', header: t('coa.kind'), width: 95, render: (row) => (row.isGroup ? t('coa.group') : t('coa.ledger')) },
  { key: 'gstHead', header: t('coa.gstHead'), width: 190, render: (row) => (row.gstHead ? GST_HEAD_LABELS[row.gstHead] : '') },
  { key: 'children', header: t('coa.children'), width: 70, isNumeric: true, render: (row) => (row.isGroup ? row.children : '') },
  { key: 'status', header: t('coa.status'), width: 100, render: (row) => <StatusBadge status={row.status} /> },
  { key: 'updatedAt', header: t('coa.updatedAt'), sortKey: 'updatedAt', width: 110, render: (row) => formatDate(row.updatedAt) },
];

export const ChartOfAccountsScreen = () => {
  const t = useText();
  const kindLabel = { Group: t('coa.group'), Ledger: t('coa.ledger') } as const;
  return (
    <MasterList<ChartAccount, ChartAccountFilters, Draft>
      testId="coa"
      importType="ChartOfAccounts"
      listKey={chartOfAccountsKeys.list()}
      changes={chartOfAccountsKeys.all}
      defaultSort={CHART_OF_ACCOUNTS_DEFAULT_SORT}
      search={searchChartAccounts}
      exportFile={{ fileName: 'chart-of-accounts.xlsx', download: exportChartAccounts }}
      columns={columnsOf(t)}
      rowLabel={(row) => `${row.code} ${row.name}`}
      rowKey={(row) => row.code}
      emptyText={t('coa.empty')}
      searchLabel={t('coa.search')}
      filterBar={(filters, setFilters) => (
        <>
          <Select
            size="xs"
            w={120}
            aria-label={t('coa.accountType')}
            placeholder={t('coa.allTypes')}
            clearable
            data={[...ACCOUNT_TYPES]}
            value={filters.accountType ?? null}
            onChange={(value) => setFilters({ ...filters, accountType: ACCOUNT_TYPES.find((type) => type === value) ?? undefined })}
            data-testid="coa-filter-type"
          />
          <Select
            size="xs"
            w={190}
            aria-label={t('coa.gstHead')}
            placeholder={t('coa.allHeads')}
            clearable
            searchable
            data={GST_HEAD_CHOICES}
            value={filters.gstHead ?? null}
            onChange={(value) => setFilters({ ...filters, gstHead: GST_HEAD_CODES.find((head) => head === value) ?? undefined })}
            data-testid="coa-filter-head"
          />
          <Select
            size="xs"
            w={175}
            aria-label={t('coa.kind')}
            placeholder={t('coa.allKinds')}
            clearable
            data={ACCOUNT_KINDS.map((kind) => ({ value: kind, label: kindLabel[kind] }))}
            value={filters.kind ?? null}
            onChange={(value) => setFilters({ ...filters, kind: ACCOUNT_KINDS.find((kind) => kind === value) ?? undefined })}
            data-testid="coa-filter-kind"
          />
        </>
      )}
      rowActions={{ setStatus: setChartAccountStatus, remove: deleteChartAccounts, confirmDeleteKey: 'coa.confirmDelete' }}
      editor={{
        addLabel: t('coa.add'),
        newDraft: () => ({
          code: '',
          name: '',
          accountType: 'Asset',
          isGroup: false,
          parentId: null,
          gstHead: null,
          description: '',
          status: 'Active',
          path: '',
        }),
        draftOf,
        title: (draft) => (draft.id ? t('coa.edit', { name: draft.name }) : t('coa.add')),
        form: (draft, onSaved) => <ChartAccountForm initial={draft} onSaved={onSaved} />,
      }}
    />
  );
};
