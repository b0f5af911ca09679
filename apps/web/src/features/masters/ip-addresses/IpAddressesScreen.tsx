import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconShieldLock } from '@tabler/icons-react';
import {
  IP_ADDRESS_DEFAULT_SORT,
  IP_ADDRESS_DESCRIPTION_MAX,
  type CurrentIpAddress,
  type IpAddress,
  type IpAddressFilters,
  type IpAddressStatus,
} from '@opengst/contracts';
import { IP_ENTRY_MAX_LENGTH, parseIpRange } from '@opengst/domain';
import { useText, type Translate } from '../../../i18n/useText';
import { ApiForm } from '../../../shared/ApiForm';
import { formatDate } from '../../../shared/format';
import type { Column } from '../../../shared/list/DataTable';
import { StatusBadge } from '../../../shared/StatusBadge';
import { MasterList } from '../MasterList';
import { useMasterForm } from '../useMasterForm';
import {
  currentIpAddress,
  deleteIpAddresses,
  exportIpAddresses,
  ipAddressKeys,
  saveIpAddress,
  searchIpAddresses,
  setIpAddressStatus,
} from './ipAddressesApi';

// /ip-addresses (spec modules §2.5): the subscriber's sign-in allow-list. The address the administrator is signed in
// from is shown on top with whether the active list allows it, so they do not lock themself out; the server refuses
// a change that would (AUTH0021) and the refusal is shown in place. The form checks the entry with the domain's own
// parser as the user types and shows the canonical form the server will store.

const FIELDS = ['address', 'description'] as const;

type Draft = { id?: number; address: string; description: string; status: IpAddressStatus };

const draftOf = (row: IpAddress): Draft => ({ id: row.id, address: row.address, description: row.description, status: row.status });

const IpAddressForm = ({ initial, onSaved }: { initial: Draft; onSaved: () => void }) => {
  const t = useText();
  const { draft, set, errors, clearErrors, isBusy, save } = useMasterForm(initial, FIELDS);
  const [isTouched, setTouched] = useState(false);
  const parsed = parseIpRange(draft.address);
  const localError = isTouched && !parsed.ok ? parsed.message : undefined;

  const submit = async () => {
    setTouched(true);
    if (!parsed.ok) return;
    await save(
      () =>
        saveIpAddress({
          ...(draft.id ? { id: draft.id } : {}),
          address: parsed.range.canonical,
          description: draft.description.trim(),
          status: draft.status,
        }),
      onSaved,
    );
  };

  return (
    <ApiForm onSubmit={submit} messages={errors.general} errorTestId="ip-form-refusal">
      <TextInput
        size="sm"
        label={t('ipAddress.address')}
        description={t('ipAddress.addressHint')}
        required
        maxLength={IP_ENTRY_MAX_LENGTH}
        value={draft.address}
        error={errors.fields.address ?? localError}
        onChange={(e) => {
          set('address', e.currentTarget.value);
          clearErrors();
        }}
        onBlur={() => setTouched(draft.address.trim() !== '')}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="ip-address"
        data-autofocus
      />
      {parsed.ok && parsed.range.canonical !== draft.address.trim() ? (
        <Text size="xs" c="dimmed" data-testid="ip-canonical">
          {t('ipAddress.canonical', { address: parsed.range.canonical })}
        </Text>
      ) : null}
      <TextInput
        size="sm"
        label={t('ipAddress.description')}
        description={t('ipAddress.descriptionHint')}
        maxLength={IP_ADDRESS_DESCRIPTION_MAX}
        value={draft.description}
        error={errors.fields.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        data-testid="ip-description"
      />
      <Select
        size="sm"
        label={t('ipAddress.status')}
        data={['Active', 'Inactive']}
        value={draft.status}
        allowDeselect={false}
        onChange={(value) => set('status', value === 'Inactive' ? 'Inactive' : 'Active')}
        data-testid="ip-status"
      />
      <Group justify="flex-end">
        <Button type="submit" size="sm" loading={isBusy} data-testid="ip-save">
          {t('ipAddress.save')}
        </Button>
      </Group>
    </ApiForm>
  );
};

/** "You are signing in from …": whether the active list allows it, and a quick way to add it. */
const CurrentAddress = ({ current, onAdd }: { current: CurrentIpAddress; onAdd: () => void }) => {
  const t = useText();
  const color = current.activeEntries === 0 ? 'gray' : current.isAllowed ? 'green' : 'red';
  return (
    <Alert color={color} variant="light" p="xs" icon={<IconShieldLock size={16} />} data-testid="ip-current">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('ipAddress.current', { address: current.address })}
          </Text>
          <Text size="xs" data-testid="ip-current-state">
            {current.activeEntries === 0
              ? t('ipAddress.unrestricted')
              : `${current.activeEntries === 1 ? t('ipAddress.restrictedOne') : t('ipAddress.restricted', { n: current.activeEntries })} ${
                  current.isAllowed ? t('ipAddress.currentAllowed') : t('ipAddress.currentNotAllowed')
                }`}
          </Text>
        </Stack>
        {current.isAllowed && current.activeEntries > 0 ? null : (
          <Button size="xs" variant="default" onClick={onAdd} data-testid="ip-add-current">
            {t('ipAddress.addCurrent')}
          </Button>
        )}
      </Group>
    </Alert>
  );
};

const columnsOf = (t: Translate): Column<IpAddress>[] => [
  {
    key: 'address',
    header: t('ipAddress.address'),
    sortKey: 'address',
    render: (row) => <code data-testid={`ip-value-${row.id}`}>{row.address}</code>,
  },
  { key: 'version', header: t('ipAddress.version'), width: 80, render: (row) => `IPv${row.version}` },
  { key: 'size', header: t('ipAddress.size'), width: 130, isNumeric: true, render: (row) => row.size },
  { key: 'description', header: t('ipAddress.description'), sortKey: 'description', render: (row) => row.description },
  { key: 'status', header: t('ipAddress.status'), sortKey: 'status', width: 100, render: (row) => <StatusBadge status={row.status} /> },
  { key: 'updatedBy', header: t('ipAddress.updatedBy'), width: 140, render: (row) => row.updatedByName ?? '' },
  { key: 'updatedAt', header: t('ipAddress.updatedAt'), sortKey: 'updatedAt', width: 110, render: (row) => formatDate(row.updatedAt) },
];

export const IpAddressesScreen = () => {
  const t = useText();
  const current = useQuery({ queryKey: ipAddressKeys.current(), queryFn: currentIpAddress });
  const emptyDraft: Draft = { address: '', description: '', status: 'Active' };
  return (
    <MasterList<IpAddress, IpAddressFilters, Draft>
      testId="ip"
      listKey={ipAddressKeys.list()}
      changes={ipAddressKeys.all}
      defaultSort={IP_ADDRESS_DEFAULT_SORT}
      search={searchIpAddresses}
      exportFile={{ fileName: 'ip-addresses.xlsx', download: exportIpAddresses }}
      importType="IpAddresses"
      columns={columnsOf(t)}
      rowLabel={(row) => row.address}
      emptyText={t('ipAddress.empty')}
      searchLabel={t('ipAddress.search')}
      rowActions={{ setStatus: setIpAddressStatus, remove: deleteIpAddresses, confirmDeleteKey: 'ipAddress.confirmDelete' }}
      editor={{
        addLabel: t('ipAddress.add'),
        newDraft: () => emptyDraft,
        draftOf,
        title: (draft) => (draft.id ? t('ipAddress.edit', { address: draft.address }) : t('ipAddress.add')),
        form: (draft, onSaved) => <IpAddressForm initial={draft} onSaved={onSaved} />,
      }}
      header={(edit) =>
        current.data ? (
          <CurrentAddress
            current={current.data}
            onAdd={() => edit({ ...emptyDraft, address: current.data.address, description: t('ipAddress.currentDescription') })}
          />
        ) : null
      }
    />
  );
};
