import type { ReactNode } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import {
  NAMED_MASTER_DESCRIPTION_MAX,
  NAMED_MASTER_NAME_MAX,
  type ImportType,
  type NamedMasterFilters,
  type NamedMasterStatus,
} from '@opengst/contracts';
import { useText, type TextKey, type Translate } from '../../../i18n/useText';
import { ApiForm } from '../../../shared/ApiForm';
import { formatDate } from '../../../shared/format';
import type { FieldErrors } from '../../../shared/forms';
import type { Column } from '../../../shared/list/DataTable';
import type { ListPage, PageRequest } from '../../../shared/list/useListQuery';
import { StatusBadge } from '../../../shared/StatusBadge';
import { MasterList } from '../MasterList';
import { useMasterForm } from '../useMasterForm';
import { namedMasterKeys, type NamedMasterKind } from '../../../shared/namedMasterLookups';

// The one screen of the small named masters (/level-master, /verticals, /notice-tag): the masters' list (search,
// status, sort, load more, export, activate / deactivate / delete with the server's reason) and a drawer form of
// name, the master's own fields, description and status. A master brings its calls, its own columns and fields.

type CommonRow = {
  id: number;
  name: string;
  description: string;
  status: NamedMasterStatus;
  inUse: number;
  updatedByName: string | null;
  updatedAt: string;
};
type Common = { id?: number; name: string; description: string; status: NamedMasterStatus };

/** The master's own fields in the form: drawn from the draft, changed through `set`, with the server's errors. */
export type OwnFields<Own> = (own: Own, set: <K extends keyof Own>(key: K, value: Own[K]) => void, errors: FieldErrors) => ReactNode;

export type NamedMasterKindProps<Row extends CommonRow, Own extends object> = {
  kind: NamedMasterKind;
  /** Test ids: `${testId}-name`, `-description`, `-status`, `-save`, `-form-refusal` and MasterList's. */
  testId: string;
  api: {
    search: (page: PageRequest, sortExpression: string | undefined, filters: NamedMasterFilters) => Promise<ListPage<Row>>;
    save: (body: Common & Own) => Promise<unknown>;
    setStatus: (ids: number[], status: NamedMasterStatus) => Promise<unknown>;
    remove: (ids: number[]) => Promise<unknown>;
    download: (sortExpression: string | undefined, filters: NamedMasterFilters) => Promise<Blob>;
  };
  defaultSort: string;
  fileName: string;
  /** The master's import type: the toolbar's Import opens /import with it chosen. */
  importType: ImportType;
  text: { add: TextKey; edit: TextKey; empty: TextKey; confirmDelete: TextKey; search?: TextKey; inUse?: TextKey };
  /** Columns of the master's own, drawn after the name. */
  ownColumns: (t: Translate) => Column<Row>[];
  newOwn: () => Own;
  ownOf: (row: Row) => Own;
  ownFieldNames: readonly string[];
  ownFields: OwnFields<Own>;
};

const COMMON_FIELDS = ['name', 'description', 'status'] as const;

/** The form's draft: the fields every master has, and the master's own. */
type Draft<Own> = { common: Common; own: Own };

const NamedMasterForm = <Row extends CommonRow, Own extends object>({
  props,
  initial,
  onSaved,
}: {
  props: NamedMasterKindProps<Row, Own>;
  initial: Draft<Own>;
  onSaved: () => void;
}) => {
  const t = useText();
  const { draft, set, errors, clearErrors, isBusy, save } = useMasterForm<Draft<Own>>(initial, [...COMMON_FIELDS, ...props.ownFieldNames]);
  const { testId } = props;
  const { common } = draft;
  const setCommon = (change: Partial<Common>) => {
    set('common', { ...common, ...change });
    clearErrors();
  };
  const setOwn = <K extends keyof Own>(key: K, value: Own[K]) => {
    set('own', { ...draft.own, [key]: value });
    clearErrors();
  };
  const submit = () =>
    save(() => props.api.save({ ...common, ...draft.own, name: common.name.trim(), description: common.description.trim() }), onSaved);

  return (
    <ApiForm onSubmit={submit} messages={errors.general} errorTestId={`${testId}-form-refusal`}>
      <TextInput
        size="sm"
        label={t('namedMaster.name')}
        required
        maxLength={NAMED_MASTER_NAME_MAX}
        value={common.name}
        error={errors.fields.name}
        onChange={(e) => setCommon({ name: e.currentTarget.value })}
        data-testid={`${testId}-name`}
        data-autofocus
      />
      {props.ownFields(draft.own, setOwn, errors.fields)}
      <TextInput
        size="sm"
        label={t('namedMaster.description')}
        maxLength={NAMED_MASTER_DESCRIPTION_MAX}
        value={common.description}
        error={errors.fields.description}
        onChange={(e) => setCommon({ description: e.currentTarget.value })}
        data-testid={`${testId}-description`}
      />
      <Select
        size="sm"
        label={t('namedMaster.status')}
        data={['Active', 'Inactive']}
        value={common.status}
        allowDeselect={false}
        error={errors.fields.status}
        onChange={(value) => setCommon({ status: value === 'Inactive' ? 'Inactive' : 'Active' })}
        data-testid={`${testId}-status`}
      />
      <Group justify="flex-end">
        <Button type="submit" size="sm" loading={isBusy} data-testid={`${testId}-save`}>
          {t('namedMaster.save')}
        </Button>
      </Group>
    </ApiForm>
  );
};

export const NamedMasterScreen = <Row extends CommonRow, Own extends object>(props: NamedMasterKindProps<Row, Own>) => {
  const t = useText();
  const { testId, text } = props;
  const columns: Column<Row>[] = [
    { key: 'name', header: t('namedMaster.name'), sortKey: 'name', render: (row) => row.name },
    ...props.ownColumns(t),
    { key: 'description', header: t('namedMaster.description'), sortKey: 'description', render: (row) => row.description },
    ...(text.inUse ? [{ key: 'inUse', header: t(text.inUse), width: 90, isNumeric: true, render: (row: Row) => row.inUse }] : []),
    { key: 'status', header: t('namedMaster.status'), sortKey: 'status', width: 100, render: (row) => <StatusBadge status={row.status} /> },
    { key: 'updatedBy', header: t('namedMaster.updatedBy'), width: 140, render: (row) => row.updatedByName ?? '' },
    { key: 'updatedAt', header: t('namedMaster.updatedAt'), sortKey: 'updatedAt', width: 110, render: (row) => formatDate(row.updatedAt) },
  ];
  const newDraft = (): Draft<Own> => ({ common: { name: '', description: '', status: 'Active' }, own: props.newOwn() });
  return (
    <MasterList<Row, NamedMasterFilters, Draft<Own>>
      testId={testId}
      listKey={namedMasterKeys.list(props.kind)}
      changes={namedMasterKeys.all(props.kind)}
      defaultSort={props.defaultSort}
      search={props.api.search}
      exportFile={{ fileName: props.fileName, download: props.api.download }}
      importType={props.importType}
      columns={columns}
      rowLabel={(row) => row.name}
      emptyText={t(text.empty)}
      searchLabel={t(text.search ?? 'namedMaster.search')}
      rowActions={{ setStatus: props.api.setStatus, remove: props.api.remove, confirmDeleteKey: text.confirmDelete }}
      editor={{
        addLabel: t(text.add),
        newDraft,
        draftOf: (row) => ({
          common: { id: row.id, name: row.name, description: row.description, status: row.status },
          own: props.ownOf(row),
        }),
        title: (draft) => (draft.common.id ? t(text.edit, { name: draft.common.name }) : t(text.add)),
        form: (draft, onSaved) => <NamedMasterForm props={props} initial={draft} onSaved={onSaved} />,
      }}
    />
  );
};
