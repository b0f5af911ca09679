import { useState } from 'react';
import { Alert, Button, List, Select, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import {
  BUSINESS_PARTNER_DEFAULT_SORT,
  type BusinessPartner,
  type BusinessPartnerFilters,
  type GstinCheckResult,
} from '@opengst/contracts';
import { useText, type Translate } from '../../../i18n/useText';
import { formatDate } from '../../../shared/format';
import type { Column } from '../../../shared/list/DataTable';
import { StatusBadge } from '../../../shared/StatusBadge';
import { MasterList } from '../MasterList';
import { BusinessPartnerForm, STATE_CHOICES, type PartnerDraft } from './BusinessPartnerForm';
import {
  businessPartnerKeys,
  checkBusinessPartnerGstins,
  deleteBusinessPartners,
  exportBusinessPartners,
  searchBusinessPartners,
  setBusinessPartnerStatus,
} from './businessPartnersApi';

// /business-partners (spec modules §2.5 "vendors"): the subscriber's vendors and customers. Filters by text (name,
// GSTIN, PAN, code), type, state, MSME and status; the selected rows' GSTIN status is checked through the GST portal
// (and said when the portal cannot be reached); a partner named by documents is not deleted but the reason shown.
// Import goes to /import with the vendors chosen; its errors to /import-vendor-error.

const draftOf = (row: BusinessPartner): PartnerDraft => ({
  id: row.id,
  partnerType: row.partnerType,
  gstin: row.gstin,
  pan: row.pan ?? '',
  code: row.code,
  legalName: row.legalName,
  tradeName: row.tradeName ?? '',
  stateCode: row.stateCode ?? '',
  email: row.email ?? '',
  phone: row.phone ?? '',
  address: row.address ?? '',
  city: row.city ?? '',
  pincode: row.pincode ?? '',
  msmeNumber: row.msmeNumber ?? '',
  msmeClass: row.msmeClass ?? '',
  msmeActivity: row.msmeActivity ?? '',
  tdsSection: row.tdsSection ?? '',
  status: row.status,
  contacts: row.contacts.map((c) => ({
    name: c.name,
    email: c.email ?? '',
    phone: c.phone ?? '',
    designation: c.designation ?? '',
    receivesNotifications: c.receivesNotifications,
  })),
  gstinStatus: row.gstinStatus,
  gstinCheckedAt: row.gstinCheckedAt,
  taxpayerType: row.taxpayerType,
});

const NEW_DRAFT: PartnerDraft = {
  partnerType: 'Vendor',
  gstin: '',
  pan: '',
  code: '',
  legalName: '',
  tradeName: '',
  stateCode: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  pincode: '',
  msmeNumber: '',
  msmeClass: '',
  msmeActivity: '',
  tdsSection: '',
  status: 'Active',
  contacts: [],
  gstinStatus: null,
  gstinCheckedAt: null,
  taxpayerType: null,
};

const mono = { fontFamily: 'var(--mantine-font-family-monospace)' };

const columnsOf = (t: Translate): Column<BusinessPartner>[] => [
  {
    key: 'name',
    header: t('businessPartner.name'),
    sortKey: 'legalName',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{row.legalName}</Text>
        {row.tradeName ? (
          <Text size="xs" c="dimmed">
            {row.tradeName}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'gstin',
    header: t('businessPartner.gstin'),
    sortKey: 'gstin',
    width: 160,
    // The PAN beneath: the GSTIN holds it, an unregistered partner may have one of its own.
    render: (row) => (
      <Stack gap={0}>
        <span style={mono}>{row.gstin || row.code}</span>
        {row.pan ? (
          <Text size="xs" c="dimmed" style={mono}>
            {t('businessPartner.pan')} {row.pan}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { key: 'type', header: t('businessPartner.partnerType'), sortKey: 'partnerType', width: 90, render: (row) => row.partnerType },
  {
    key: 'state',
    header: t('businessPartner.state'),
    sortKey: 'stateCode',
    width: 115,
    render: (row) => row.stateName ?? row.stateCode ?? '',
  },
  {
    key: 'msme',
    header: t('businessPartner.msmeClass'),
    sortKey: 'msmeClass',
    width: 90,
    render: (row) => row.msmeClass ?? (row.msmeNumber ? '✓' : ''),
  },
  { key: 'tds', header: t('businessPartner.tdsSection'), sortKey: 'tdsSection', width: 90, render: (row) => row.tdsSection ?? '' },
  {
    key: 'gstinStatus',
    header: t('businessPartner.gstinStatus'),
    sortKey: 'gstinStatus',
    width: 130,
    render: (row) =>
      row.gstinStatus ? (
        <Stack gap={0} data-testid={`bp-gstin-status-${row.id}`}>
          <StatusBadge status={row.gstinStatus} />
          <Text size="xs" c="dimmed">
            {row.gstinCheckedAt ? formatDate(row.gstinCheckedAt) : ''}
          </Text>
        </Stack>
      ) : (
        ''
      ),
  },
  {
    key: 'status',
    header: t('businessPartner.status'),
    sortKey: 'status',
    width: 90,
    render: (row) => <StatusBadge status={row.status} />,
  },
  {
    key: 'updatedAt',
    header: t('businessPartner.updatedAt'),
    sortKey: 'updatedAt',
    width: 105,
    render: (row) => formatDate(row.updatedAt),
  },
];

/** The selected rows' GSTIN check, and what it found. */
const CheckSelected = ({ ids, onDone }: { ids: number[]; onDone: (results: GstinCheckResult[] | string) => void }) => {
  const t = useText();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="compact-xs"
      variant="default"
      leftSection={<IconRefresh size={12} />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        checkBusinessPartnerGstins(ids)
          .then((answer) => onDone(answer.results))
          .catch((error: unknown) => onDone(error instanceof Error ? error.message : String(error)))
          .finally(() => setBusy(false));
      }}
      data-testid="bp-check-selected"
    >
      {t('businessPartner.checkGstin')}
    </Button>
  );
};

const CheckResults = ({ results }: { results: GstinCheckResult[] | string }) => {
  const t = useText();
  if (typeof results === 'string')
    return (
      <Alert color="red" variant="light" p="xs" data-testid="bp-check-results">
        {results}
      </Alert>
    );
  const checked = results.filter((r) => r.outcome === 'Checked').length;
  const problems = results.filter((r) => r.outcome !== 'Checked');
  return (
    <Alert color={problems.length > 0 ? 'orange' : 'green'} variant="light" p="xs" data-testid="bp-check-results">
      <Text size="sm">{t('businessPartner.checkDone', { checked, n: results.length })}</Text>
      {problems.length > 0 ? (
        <List size="xs" mt={4}>
          {problems.map((r) => (
            <List.Item key={r.id}>{r.message}</List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
};

export const BusinessPartnersScreen = () => {
  const t = useText();
  const [checks, setChecks] = useState<GstinCheckResult[] | string | null>(null);
  return (
    <MasterList<BusinessPartner, BusinessPartnerFilters, PartnerDraft>
      testId="bp"
      importType="Vendors"
      listKey={businessPartnerKeys.list()}
      changes={businessPartnerKeys.all}
      defaultSort={BUSINESS_PARTNER_DEFAULT_SORT}
      search={searchBusinessPartners}
      exportFile={{ fileName: 'business-partners.xlsx', download: exportBusinessPartners }}
      columns={columnsOf(t)}
      rowLabel={(row) => row.tradeName ?? row.legalName}
      rowKey={(row) => row.gstin || row.code}
      rowHeight={44}
      emptyText={t('businessPartner.empty')}
      searchLabel={t('businessPartner.search')}
      filterBar={(filters, setFilters) => (
        <>
          <Select
            size="xs"
            w={120}
            aria-label={t('businessPartner.partnerType')}
            placeholder={t('businessPartner.allTypes')}
            clearable
            data={['Vendor', 'Customer', 'Both']}
            value={filters.partnerType ?? null}
            onChange={(value) =>
              setFilters({ ...filters, partnerType: value === 'Vendor' || value === 'Customer' || value === 'Both' ? value : undefined })
            }
            data-testid="bp-filter-type"
          />
          <Select
            size="xs"
            w={170}
            aria-label={t('businessPartner.state')}
            placeholder={t('businessPartner.allStates')}
            clearable
            searchable
            data={STATE_CHOICES}
            value={filters.stateCode ?? null}
            onChange={(value) => setFilters({ ...filters, stateCode: value ?? undefined })}
            data-testid="bp-filter-state"
          />
          <Select
            size="xs"
            w={120}
            aria-label={t('businessPartner.msme')}
            placeholder={t('businessPartner.msmeAny')}
            clearable
            data={[
              { value: 'yes', label: t('businessPartner.msmeYes') },
              { value: 'no', label: t('businessPartner.msmeNo') },
            ]}
            value={filters.isMsme === true ? 'yes' : filters.isMsme === false ? 'no' : null}
            onChange={(value) => setFilters({ ...filters, isMsme: value === 'yes' ? true : value === 'no' ? false : undefined })}
            data-testid="bp-filter-msme"
          />
        </>
      )}
      header={() => (checks ? <CheckResults results={checks} /> : null)}
      selectionActions={(ids, done) => (
        <CheckSelected
          ids={ids}
          onDone={(results) => {
            setChecks(results);
            done();
          }}
        />
      )}
      rowActions={{
        setStatus: setBusinessPartnerStatus,
        remove: deleteBusinessPartners,
        confirmDeleteKey: 'businessPartner.confirmDelete',
      }}
      editor={{
        addLabel: t('businessPartner.add'),
        newDraft: () => NEW_DRAFT,
        draftOf,
        title: (draft) => (draft.id ? t('businessPartner.edit', { name: draft.tradeName || draft.legalName }) : t('businessPartner.add')),
        form: (draft, onSaved) => <BusinessPartnerForm initial={draft} onSaved={onSaved} />,
      }}
    />
  );
};
