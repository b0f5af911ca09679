import { useState } from 'react';
import { MultiSelect, Switch, TagsInput } from '@mantine/core';
import { RECONCILIATION_STATUSES, ReconciliationStatusSchema } from '@opengst/contracts';
import { useText, type TextKey } from '../../../i18n/useText';
import { AdvanceFilterDrawer } from '../../../shared/filter-bar/AdvanceFilterDrawer';
import { FilterBar } from '../../../shared/filter-bar/FilterBar';
import type { FilterFlow } from '../../../shared/filter-bar/useFilterFlow';
import { statusLabel } from '../ReconciliationStatusBadge';
import { DocumentNumberFilter } from '../SearchFilters';
import {
  ADVANCED_ROW_KEYS,
  CLEAR_ALL_THRESHOLD,
  ROW_ACTION_FILTERS,
  ROW_DOCUMENT_TYPES,
  type RowActionFilter,
  type RowDocumentType,
  type RowFilterState,
} from './rowFilters';

// The shared filter bar as the reconciliation tab uses it (spec modules §2.9): status, supplier GSTIN and the number
// search in the search block; our GSTIN, document type, action and across-periods in More filters. Choices wait for
// Apply filter as chips; the number search applies on Enter.

type Props = {
  flow: FilterFlow<RowFilterState>;
  /** The run's own GSTINs: what "our GSTIN" can be. */
  gstins: readonly string[];
  /** Only the tab in view answers `/`. */
  isActive: boolean;
};

const gstinsOf = (values: string[]) => {
  const cleaned = [...new Set(values.map((value) => value.trim().toUpperCase()).filter(Boolean))];
  return cleaned.length > 0 ? cleaned : null;
};

export const RowsFilterBar = ({ flow, gstins, isActive }: Props) => {
  const t = useText();
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const { filters } = flow.state;
  const change = (patch: Partial<RowFilterState>) => flow.dispatch({ type: 'change', patch });
  const emptyAdvanced = Object.fromEntries(ADVANCED_ROW_KEYS.map((key) => [key, null])) as Partial<RowFilterState>;

  const controls = (
    <>
      <MultiSelect
        size="xs"
        w={240}
        label={t('reconciliation.status')}
        placeholder={filters.statuses?.length ? undefined : t('filter.statusAll')}
        data={RECONCILIATION_STATUSES.map((status) => ({ value: status, label: statusLabel(t, status) }))}
        value={filters.statuses ?? []}
        onChange={(values) => change({ statuses: values.length > 0 ? ReconciliationStatusSchema.array().parse(values) : null })}
        clearable
        data-testid="filter-statuses"
      />
      <TagsInput
        size="xs"
        w={220}
        label={t('reconciliation.supplierGstin')}
        placeholder={filters.supplierGstins?.length ? undefined : t('reconciliation.filter.gstinHint')}
        value={filters.supplierGstins ?? []}
        onChange={(values) => change({ supplierGstins: gstinsOf(values) })}
        clearable
        data-testid="filter-supplier"
      />
      <DocumentNumberFilter
        value={filters.documentNumber}
        onApply={(documentNumber) => flow.dispatch({ type: 'apply', patch: { documentNumber } })}
        isActive={isActive}
        testId="filter-number"
      />
    </>
  );

  return (
    <>
      <FilterBar
        chips={flow.chips}
        isDirty={flow.isDirty}
        lockedReason={null}
        clearAllThreshold={CLEAR_ALL_THRESHOLD}
        onApply={() => flow.dispatch({ type: 'apply' })}
        onRefresh={() => flow.dispatch({ type: 'refresh' })}
        onClearAll={() => flow.dispatch({ type: 'clearAll', keepKeys: [] })}
        onRemoveChip={(chip) => flow.dispatch({ type: 'removeChip', chip })}
        onMoreFilters={() => setDrawerOpen(true)}
        controls={controls}
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
        <MultiSelect
          size="xs"
          label={t('reconciliation.gstin')}
          data={[...gstins]}
          value={filters.gstins ?? []}
          onChange={(values) => change({ gstins: values.length > 0 ? values : null })}
          data-testid="advance-gstins"
        />
        <MultiSelect
          size="xs"
          label={t('reconciliation.documentType')}
          data={ROW_DOCUMENT_TYPES.map((type) => ({ value: type, label: type }))}
          value={filters.documentTypes ?? []}
          onChange={(values) => change({ documentTypes: values.length > 0 ? (values as RowDocumentType[]) : null })}
          data-testid="advance-document-types"
        />
        <MultiSelect
          size="xs"
          label={t('reconciliation.action')}
          data={ROW_ACTION_FILTERS.map((action) => ({
            value: action,
            label: action === 'None' ? t('reconciliation.filter.noAction') : t(`reconciliation.action.${action}` as TextKey),
          }))}
          value={filters.actions ?? []}
          onChange={(values) => change({ actions: values.length > 0 ? (values as RowActionFilter[]) : null })}
          data-testid="advance-actions"
        />
        <Switch
          size="sm"
          label={t('reconciliation.filter.acrossPeriodsOnly')}
          checked={filters.acrossPeriodsOnly === true}
          onChange={(event) => change({ acrossPeriodsOnly: event.currentTarget.checked ? true : null })}
          data-testid="advance-across-periods"
        />
      </AdvanceFilterDrawer>
    </>
  );
};
