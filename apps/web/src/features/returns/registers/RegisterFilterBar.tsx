import { useState } from 'react';
import { Button, Group, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { BULK_KEYWORD_MAX_LENGTH, DocumentSourceSchema, DocumentStatusSchema, SUPPLY_TYPES } from '@opengst/contracts';
import { DOCUMENT_TYPES, STATES } from '@opengst/domain';
import { useText } from '../../../i18n/useText';
import { DateField } from '../../../shared/DateField';
import { AdvanceFilterDrawer } from '../../../shared/filter-bar/AdvanceFilterDrawer';
import { BulkApplyModal } from '../../../shared/filter-bar/BulkApplyModal';
import { FilterBar } from '../../../shared/filter-bar/FilterBar';
import { FilterPreferenceModal } from '../../../shared/filter-bar/FilterPreferenceModal';
import type { ReturnPeriodPreference } from '../../../shared/filter-bar/filterPreference';
import { LocationPicker } from '../../../shared/filter-bar/LocationPicker';
import type { LocationBusiness } from '../../../shared/filter-bar/locationSelection';
import { FinancialYearSelect, ReturnPeriodSelect } from '../../../shared/filter-bar/PeriodPickers';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { SavedReportsMenu } from '../../../shared/filter-bar/SavedReportsMenu';
import { TextFilterInput } from '../../../shared/filter-bar/TextFilterInput';
import type { FilterFlow } from '../../../shared/filter-bar/useFilterFlow';
import {
  ADVANCED_KEYS,
  CLEAR_ALL_THRESHOLD,
  fromSavedFilters,
  KEPT_ON_CLEAR_ALL,
  toRequestFilters,
  type RegisterFilterState,
} from './registerFilters';
import type { RegisterModule } from './registerModules';
import { statusLabel } from './registerColumns';

// The shared filter bar as the registers use it: financial year, location tree, return periods, text and bulk apply
// in the search block; dates, types, statuses, sources, places of supply, reverse charge and import in the drawer.

type Props = {
  module: RegisterModule;
  flow: FilterFlow<RegisterFilterState>;
  tree: readonly LocationBusiness[];
  financialYears: readonly string[];
  maxBulkKeywords: number;
  lockedReason: string | null;
  preference: ReturnPeriodPreference;
  currentPeriod: string;
  onPreference: (preference: ReturnPeriodPreference) => void;
};

const BULK_KEYS = ['documentNumbers', 'gstins', 'pans'] as const;
type BulkKey = (typeof BULK_KEYS)[number];
const isBulkKey = (key: string): key is BulkKey => (BULK_KEYS as readonly string[]).includes(key);

export const RegisterFilterBar = ({
  module,
  flow,
  tree,
  financialYears,
  maxBulkKeywords,
  lockedReason,
  preference,
  currentPeriod,
  onPreference,
}: Props) => {
  const t = useText();
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [isBulkOpen, setBulkOpen] = useState(false);
  const { filters, applied } = flow.state;
  const change = (patch: Partial<RegisterFilterState>) => flow.dispatch({ type: 'change', patch });
  const emptyAdvanced = Object.fromEntries(ADVANCED_KEYS.map((key) => [key, null])) as Partial<RegisterFilterState>;

  const controls = (
    <>
      <FinancialYearSelect
        years={financialYears}
        value={filters.financialYear ?? ''}
        onChange={(financialYear) => flow.dispatch({ type: 'changeFinancialYear', financialYear })}
      />
      <LocationPicker
        tree={tree}
        selected={filters.entityIds ?? []}
        onChange={(entityIds) => change({ entityIds: entityIds.length > 0 ? entityIds : null })}
      />
      <ReturnPeriodSelect
        financialYear={filters.financialYear ?? ''}
        value={filters.returnPeriods ?? []}
        onChange={(periods) => change({ returnPeriods: periods.length > 0 ? periods : null })}
      />
      <TextFilterInput
        label={t('filter.text')}
        kind={{ type: 'text' }}
        value={filters.text}
        hasSlashShortcut
        onApply={(text) => flow.dispatch({ type: 'apply', patch: { text: text === null ? null : String(text) } })}
        testId="filter-text"
      />
      <Button
        size="xs"
        variant="default"
        leftSection={<IconListDetails size={14} />}
        onClick={() => setBulkOpen(true)}
        data-testid="filter-bulk"
      >
        {t('filter.bulkApply')}
      </Button>
    </>
  );

  return (
    <>
      <FilterBar
        chips={flow.chips}
        isDirty={flow.isDirty}
        lockedReason={lockedReason}
        clearAllThreshold={CLEAR_ALL_THRESHOLD}
        onApply={() => flow.dispatch({ type: 'apply' })}
        onRefresh={() => flow.dispatch({ type: 'refresh' })}
        onClearAll={() => flow.dispatch({ type: 'clearAll', keepKeys: KEPT_ON_CLEAR_ALL })}
        onRemoveChip={(chip) => flow.dispatch({ type: 'removeChip', chip })}
        onMoreFilters={() => setDrawerOpen(true)}
        controls={controls}
        extras={
          <>
            <SavedReportsMenu
              module={module.savedReportModule}
              filters={toRequestFilters(applied)}
              onApply={(saved) => flow.dispatch({ type: 'replace', filters: fromSavedFilters(saved, applied.financialYear ?? '') })}
            />
            <FilterPreferenceModal value={preference} currentPeriod={periodLabel(currentPeriod)} onChoose={onPreference} />
          </>
        }
      />
      <AdvanceFilterDrawer
        opened={isDrawerOpen}
        onClose={() => setDrawerOpen(false)}
        onReset={() => change(emptyAdvanced)}
        onApply={() => {
          flow.dispatch({ type: 'apply' });
          setDrawerOpen(false);
        }}
      >
        <Stack gap={4}>
          <Text size="xs" fw={500}>
            {t('register.dateRange')}
          </Text>
          <Group gap="xs" grow>
            <DateField
              size="xs"
              aria-label={`${t('register.dateRange')} ${t('filter.from')}`}
              placeholder={t('filter.from')}
              value={filters.fromDate ?? ''}
              onChange={(iso) => change({ fromDate: iso || null })}
              data-testid="advance-from"
            />
            <DateField
              size="xs"
              aria-label={`${t('register.dateRange')} ${t('filter.to')}`}
              placeholder={t('filter.to')}
              value={filters.toDate ?? ''}
              onChange={(iso) => change({ toDate: iso || null })}
              data-testid="advance-to"
            />
          </Group>
        </Stack>
        <MultiSelect
          size="xs"
          label={t('register.documentTypes')}
          data={Object.entries(DOCUMENT_TYPES).map(([code, type]) => ({ value: code, label: `${code} · ${type.name}` }))}
          value={filters.documentTypes ?? []}
          onChange={(values) => change({ documentTypes: values.length > 0 ? values : null })}
          searchable
          data-testid="advance-document-types"
        />
        <MultiSelect
          size="xs"
          label={t('register.supplyTypes')}
          data={[...SUPPLY_TYPES]}
          value={filters.supplyTypes ?? []}
          onChange={(values) => change({ supplyTypes: values.length > 0 ? values : null })}
          data-testid="advance-supply-types"
        />
        <MultiSelect
          size="xs"
          label={t('register.status')}
          data={DocumentStatusSchema.options.map((status) => ({ value: status, label: statusLabel(t, status) }))}
          value={filters.statuses ?? []}
          onChange={(values) => change({ statuses: values.length > 0 ? DocumentStatusSchema.array().parse(values) : null })}
          data-testid="advance-statuses"
        />
        <MultiSelect
          size="xs"
          label={t('register.sourceTypes')}
          data={[...DocumentSourceSchema.options]}
          value={filters.sourceTypes ?? []}
          onChange={(values) => change({ sourceTypes: values.length > 0 ? DocumentSourceSchema.array().parse(values) : null })}
          data-testid="advance-sources"
        />
        <MultiSelect
          size="xs"
          label={t('register.placesOfSupply')}
          data={STATES.filter((state) => state.status === 'active').map((state) => ({
            value: state.code,
            label: `${state.code} ${state.name}`,
          }))}
          value={filters.placesOfSupply ?? []}
          onChange={(values) => change({ placesOfSupply: values.length > 0 ? values : null })}
          searchable
          data-testid="advance-places"
        />
        <Stack gap={4}>
          <Text size="xs" fw={500}>
            {t('register.reverseCharge')}
          </Text>
          <SegmentedControl
            size="xs"
            data={[
              { value: 'any', label: t('filter.statusAll') },
              { value: 'yes', label: t('filter.yes') },
              { value: 'no', label: t('filter.no') },
            ]}
            value={
              filters.isReverseCharge === null || filters.isReverseCharge === undefined ? 'any' : filters.isReverseCharge ? 'yes' : 'no'
            }
            onChange={(value) => change({ isReverseCharge: value === 'any' ? null : value === 'yes' })}
            data-testid="advance-reverse-charge"
          />
        </Stack>
        <TextFilterInput
          label={t('register.importId')}
          kind={{ type: 'number', allowDecimals: false }}
          value={filters.importId}
          applyOn="change"
          width={160}
          onApply={(value) => change({ importId: typeof value === 'number' && value > 0 ? value : null })}
          testId="advance-import"
        />
      </AdvanceFilterDrawer>
      <BulkApplyModal
        opened={isBulkOpen}
        onClose={() => setBulkOpen(false)}
        maxLines={maxBulkKeywords}
        fields={BULK_KEYS.map((key) => ({ key, label: t(`register.${key}`), maxLength: BULK_KEYWORD_MAX_LENGTH[key] }))}
        likeField={{ key: 'documentNumbers', label: t('filter.bulkLike') }}
        onApply={(key, values, isLike) => {
          if (!isBulkKey(key)) return;
          flow.dispatch({
            type: 'apply',
            patch: { [key]: values, ...(key === 'documentNumbers' ? { isDocNumberLikeSearch: isLike || null } : {}) },
          });
        }}
      />
    </>
  );
};
