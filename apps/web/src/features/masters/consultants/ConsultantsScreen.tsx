import { Button, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CONSULTANT_DEFAULT_SORT,
  CONSULTANT_FIRM_MAX,
  CONSULTANT_MEMBERSHIP_MAX,
  CONSULTANT_PROFESSIONS,
  type Consultant,
  type ConsultantFilters,
  type ConsultantProfession,
} from '@opengst/contracts';
import { financialYearsQuery, userEntitiesQuery } from '../../../api/sessionData';
import { useText, type Translate } from '../../../i18n/useText';
import { ApiForm } from '../../../shared/ApiForm';
import { isGstinLocation } from '../../../shared/GstinMultiSelect';
import { formatDate, formatDateTime } from '../../../shared/format';
import type { Column } from '../../../shared/list/DataTable';
import { StatusBadge } from '../../../shared/StatusBadge';
import { useWorkingYear } from '../../../shared/workingYear';
import { MasterList } from '../MasterList';
import { useMasterForm } from '../useMasterForm';
import {
  consultantKeys,
  consultantRolesQuery,
  deleteConsultants,
  exportConsultants,
  saveConsultant,
  searchConsultants,
  setConsultantStatus,
} from './consultantsApi';

// /manage-consultants (spec modules §2.5): the advocates, accountants and GST practitioners who represent the
// subscriber (CGST Act s.116). Each is a user: the form names the sign-in, the role (never the administrators') and
// the GSTINs it reaches, and the consultant's firm, capacity and membership; a new one receives the welcome mail. In
// the notice register a consultant sees only the notices assigned to them.

const FIELDS = [
  'userName',
  'displayName',
  'email',
  'mobile',
  'roleId',
  'entityIds',
  'firmName',
  'profession',
  'membershipNumber',
  'pan',
] as const;

type Draft = {
  id?: number;
  userName: string;
  displayName: string;
  email: string;
  mobile: string;
  roleId: string | null;
  entityIds: string[];
  firmName: string;
  profession: ConsultantProfession;
  membershipNumber: string;
  pan: string;
};

const NEW_DRAFT: Draft = {
  userName: '',
  displayName: '',
  email: '',
  mobile: '',
  roleId: null,
  entityIds: [],
  firmName: '',
  profession: 'CharteredAccountant',
  membershipNumber: '',
  pan: '',
};

const draftOf = (row: Consultant): Draft => ({
  id: row.id,
  userName: row.userName,
  displayName: row.displayName,
  email: row.email,
  mobile: row.mobile ?? '',
  roleId: String(row.roleId),
  entityIds: row.entityIds.map(String),
  firmName: row.firmName,
  profession: row.profession,
  membershipNumber: row.membershipNumber,
  pan: row.pan ?? '',
});

const professionOptions = (t: Translate) => CONSULTANT_PROFESSIONS.map((p) => ({ value: p, label: t(`consultant.profession.${p}`) }));

const ConsultantForm = ({ initial, onSaved }: { initial: Draft; onSaved: () => void }) => {
  const t = useText();
  const { draft, set, errors, setErrors, isBusy, save } = useMasterForm(initial, FIELDS);
  const { data: roles = [] } = useQuery(consultantRolesQuery);
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const { data: entities = [] } = useQuery(userEntitiesQuery(useWorkingYear(years)));
  const locations = entities
    .filter(isGstinLocation)
    .map((entity) => ({ value: String(entity.entityId), label: `${entity.gstin} · ${entity.entityName}` }));

  const submit = async () => {
    if (!draft.roleId) {
      setErrors({ fields: { roleId: t('user.roleRequired') }, general: [] });
      return;
    }
    const roleId = Number(draft.roleId);
    await save(
      () =>
        saveConsultant({
          ...(draft.id ? { id: draft.id } : {}),
          userName: draft.userName.trim(),
          displayName: draft.displayName.trim(),
          email: draft.email.trim(),
          mobile: draft.mobile.trim() || null,
          roleId,
          entityIds: draft.entityIds.map(Number),
          firmName: draft.firmName.trim(),
          profession: draft.profession,
          membershipNumber: draft.membershipNumber.trim(),
          pan: draft.pan.trim() || null,
        }),
      onSaved,
    );
  };

  const text = (field: 'userName' | 'displayName' | 'email' | 'mobile' | 'firmName' | 'membershipNumber' | 'pan', max?: number) => ({
    size: 'sm' as const,
    label: t(`consultant.${field}`),
    value: draft[field],
    maxLength: max,
    error: errors.fields[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(field, e.currentTarget.value),
    'data-testid': `consultant-${field}`,
  });

  return (
    <ApiForm onSubmit={submit} messages={errors.general} errorTestId="consultant-form-refusal">
      {/* Hints sit under each pair, not inside a field, so the two columns' inputs stay level. */}
      <SimpleGrid cols={2} spacing="sm">
        <TextInput {...text('displayName', 100)} required data-autofocus />
        <TextInput {...text('userName', 100)} required />
        <TextInput {...text('email', 254)} required type="email" />
        <TextInput {...text('mobile', 20)} />
      </SimpleGrid>
      {draft.id ? null : (
        <Text size="xs" c="dimmed">
          {t('consultant.userNameHint')}
        </Text>
      )}
      <SimpleGrid cols={2} spacing="sm">
        <TextInput {...text('firmName', CONSULTANT_FIRM_MAX)} />
        <Select
          size="sm"
          label={t('consultant.profession')}
          data={professionOptions(t)}
          value={draft.profession}
          allowDeselect={false}
          onChange={(value) => value && set('profession', value as ConsultantProfession)}
          error={errors.fields.profession}
          data-testid="consultant-profession"
        />
        <TextInput {...text('membershipNumber', CONSULTANT_MEMBERSHIP_MAX)} />
        <TextInput
          {...text('pan', 10)}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', textTransform: 'uppercase' } }}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('consultant.professionHint')} {t('consultant.membershipHint')}
      </Text>
      <Select
        size="sm"
        label={t('consultant.role')}
        description={t('consultant.roleHint')}
        required
        data={roles.map((role) => ({ value: String(role.roleId), label: role.name }))}
        value={draft.roleId}
        onChange={(value) => set('roleId', value)}
        error={errors.fields.roleId}
        searchable
        data-testid="consultant-role"
      />
      <MultiSelect
        size="sm"
        label={t('consultant.entities')}
        description={t('consultant.entitiesHint')}
        data={locations}
        value={draft.entityIds}
        onChange={(value) => set('entityIds', value)}
        error={errors.fields.entityIds}
        searchable
        clearable
        data-testid="consultant-entities"
      />
      <Group justify="flex-end">
        <Button type="submit" size="sm" loading={isBusy} data-testid="consultant-save">
          {t('consultant.save')}
        </Button>
      </Group>
    </ApiForm>
  );
};

const columnsOf = (t: Translate): Column<Consultant>[] => [
  {
    key: 'displayName',
    header: t('consultant.displayName'),
    sortKey: 'displayName',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{row.displayName}</Text>
        <Text size="xs" c="dimmed">
          {row.userName} · {row.email}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'firmName',
    header: t('consultant.firmName'),
    sortKey: 'firmName',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{row.firmName}</Text>
        {row.membershipNumber ? (
          <Text size="xs" c="dimmed">
            {row.membershipNumber}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'profession',
    header: t('consultant.profession'),
    sortKey: 'profession',
    width: 170,
    render: (row) => t(`consultant.profession.${row.profession}`),
  },
  { key: 'role', header: t('consultant.role'), width: 150, render: (row) => row.roleName },
  {
    key: 'gstins',
    header: t('consultant.gstins'),
    width: 170,
    render: (row) => (row.gstins.length === 1 ? <code>{row.gstins[0]}</code> : t('consultant.gstinCount', { n: row.gstins.length })),
  },
  { key: 'openNotices', header: t('consultant.openNotices'), width: 110, isNumeric: true, render: (row) => row.openNotices },
  { key: 'status', header: t('consultant.status'), sortKey: 'status', width: 100, render: (row) => <StatusBadge status={row.status} /> },
  {
    key: 'lastLogin',
    header: t('consultant.lastLogin'),
    width: 150,
    render: (row) => (row.lastLoginAt ? formatDateTime(row.lastLoginAt) : t('consultant.never')),
  },
  { key: 'updatedAt', header: t('consultant.updatedAt'), sortKey: 'updatedAt', width: 110, render: (row) => formatDate(row.updatedAt) },
];

export const ConsultantsScreen = () => {
  const t = useText();
  return (
    <MasterList<Consultant, ConsultantFilters, Draft>
      testId="consultant"
      listKey={consultantKeys.list()}
      changes={consultantKeys.all}
      defaultSort={CONSULTANT_DEFAULT_SORT}
      search={searchConsultants}
      exportFile={{ fileName: 'consultants.xlsx', download: exportConsultants }}
      importType="Consultants"
      columns={columnsOf(t)}
      rowLabel={(row) => row.displayName}
      rowKey={(row) => row.userName}
      rowHeight={48}
      emptyText={t('consultant.empty')}
      searchLabel={t('consultant.search')}
      filterBar={(filters, setFilters) => (
        <Select
          size="xs"
          w={190}
          aria-label={t('consultant.profession')}
          placeholder={t('consultant.allProfessions')}
          clearable
          data={professionOptions(t)}
          value={filters.profession ?? null}
          onChange={(value) => setFilters({ ...filters, profession: (value as ConsultantProfession | null) ?? undefined })}
          data-testid="consultant-filter-profession"
        />
      )}
      rowActions={{ setStatus: setConsultantStatus, remove: deleteConsultants, confirmDeleteKey: 'consultant.confirmDelete' }}
      editor={{
        addLabel: t('consultant.add'),
        newDraft: () => NEW_DRAFT,
        draftOf,
        title: (draft) => (draft.id ? t('consultant.edit', { name: draft.displayName }) : t('consultant.add')),
        form: (draft, onSaved) => <ConsultantForm initial={draft} onSaved={onSaved} />,
      }}
    />
  );
};
