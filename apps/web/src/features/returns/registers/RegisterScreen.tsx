import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Group, Stack, Tabs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { latestOpenReturnPeriod } from '@opengst/domain';
import { financialYearsQuery, loadSettingsQuery, userEntitiesQuery } from '../../../api/sessionData';
import { useText, type TextKey } from '../../../i18n/useText';
import {
  readPreference,
  readSavedPeriods,
  writePreference,
  writeSavedPeriods,
  openingPeriods,
  type ReturnPeriodPreference,
} from '../../../shared/filter-bar/filterPreference';
import { buildLocationTree } from '../../../shared/filter-bar/locationSelection';
import { StatusCountBar } from '../../../shared/filter-bar/StatusCountBar';
import { useFilterFlow, useFilterState } from '../../../shared/filter-bar/useFilterFlow';
import { useModuleImportLock } from '../../../shared/filter-bar/useModuleImportLock';
import { formatCount } from '../../../shared/format';
import { readWorkingYear, useWorkingYear } from '../../../shared/workingYear';
import { DocumentsPanel } from './DocumentsPanel';
import { RegisterFilterBar } from './RegisterFilterBar';
import { statusLabel } from './registerColumns';
import {
  emptyRegisterFilters,
  filtersFromLink,
  isNarrowed,
  registerChipSpecs,
  toRequestFilters,
  toSummaryFilters,
  withNoteTypes,
} from './registerFilters';
import { PURCHASE_REGISTER, SALES_REGISTER, type RegisterModule, type RegisterTab } from './registerModules';
import { fetchStatusCounts, registerKeys } from './registersApi';
import { SummaryPanel } from './SummaryPanel';

// /regular-sales and /regular-purchase (spec core §2 "Regular returns group", modules §2.9 and §4): the shared filter
// bar, the status-count bar, and the tabs of the register.

const TAB_LABELS: Record<RegisterTab, TextKey> = {
  documents: 'register.tab.documents',
  notes: 'register.tab.notes',
  summary: 'register.tab.summary',
};

export const RegisterScreen = ({ module }: { module: RegisterModule }) => {
  const t = useText();
  const queryClient = useQueryClient();
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const userId = loaded?.user.userId ?? 0;
  const [preference, setPreference] = useState<ReturnPeriodPreference>(() => readPreference(userId));
  const openingFilters = useCallback(
    (chosen: ReturnPeriodPreference) => {
      const opening = openingPeriods(chosen, readSavedPeriods(userId, module.savedReportModule), new Date(), readWorkingYear(years));
      return emptyRegisterFilters(opening.financialYear, opening.returnPeriods);
    },
    [userId, module.savedReportModule, years],
  );
  // Opened from a finished import or from a GSTIN's return (see filtersFromLink).
  const [searchParams] = useSearchParams();
  const flowState = useFilterState(() => filtersFromLink(searchParams, openingFilters(preference)));
  const [{ filters, applied, reloadCount, selectedIds }, dispatch] = flowState;
  const { data: entities = [] } = useQuery(userEntitiesQuery(filters.financialYear ?? ''));
  const tree = useMemo(() => buildLocationTree(entities), [entities]);
  const specs = useMemo(() => registerChipSpecs(t, tree), [t, tree]);
  const flow = useFilterFlow(flowState, specs);

  const requestFilters = useMemo(() => toRequestFilters(applied), [applied]);
  // The saved return period of the preference is the one last applied here.
  useEffect(
    () => writeSavedPeriods(userId, module.savedReportModule, applied.returnPeriods),
    [userId, module.savedReportModule, applied.returnPeriods],
  );

  const runningImport = useModuleImportLock(module.importType, loaded?.settings.poolingTime);
  const isImportRunning = runningImport !== null;
  // When the import ends, what it wrote is loaded.
  useEffect(() => {
    if (!isImportRunning) void queryClient.invalidateQueries({ queryKey: registerKeys.direction(module.direction) });
  }, [isImportRunning, queryClient, module.direction]);

  const { data: statusItems = [], isPending: isCounting } = useQuery({
    queryKey: registerKeys.statusCount(module.direction, requestFilters, reloadCount),
    queryFn: () => fetchStatusCounts(module, { ...requestFilters, statuses: null }),
  });

  const [tab, setTab] = useState<RegisterTab>('documents');
  const [totals, setTotals] = useState<Partial<Record<RegisterTab, number>>>({});
  const totalSetters = useMemo(
    () =>
      Object.fromEntries(
        module.tabs.map((name) => [
          name,
          (total: number) => setTotals((current) => (current[name] === total ? current : { ...current, [name]: total })),
        ]),
      ) as Record<RegisterTab, (total: number) => void>,
    [module.tabs],
  );
  const onSelect = useCallback((ids: number[]) => dispatch({ type: 'select', ids }), [dispatch]);

  const choosePreference = (chosen: ReturnPeriodPreference) => {
    writePreference(userId, chosen);
    setPreference(chosen);
    dispatch({ type: 'replace', filters: { ...openingFilters(chosen), entityIds: applied.entityIds } });
  };

  return (
    <Stack gap="sm">
      <RegisterFilterBar
        module={module}
        flow={flow}
        tree={tree}
        financialYears={years.map((year) => year.label)}
        maxBulkKeywords={loaded?.settings.maxBulkSearchKeywords ?? 1000}
        lockedReason={runningImport ? t('filter.locked', { type: `${module.direction.toLowerCase()} (${runningImport.fileName})` }) : null}
        preference={preference}
        currentPeriod={latestOpenReturnPeriod(new Date())}
        onPreference={choosePreference}
      />
      <StatusCountBar
        items={statusItems}
        active={applied.statuses}
        labelOf={(status) => statusLabel(t, status)}
        onSelect={(status) =>
          dispatch({ type: 'apply', patch: { statuses: status ? [status as NonNullable<typeof applied.statuses>[number]] : null } })
        }
        disabled={isImportRunning}
        isLoading={isCounting}
      />
      <Tabs value={tab} onChange={(next) => setTab((next as RegisterTab | null) ?? 'documents')}>
        <Tabs.List>
          {module.tabs.map((name) => (
            <Tabs.Tab key={name} value={name} data-testid={`tab-${name}`}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={500}>
                  {t(TAB_LABELS[name])}
                </Text>
                {totals[name] !== undefined ? (
                  <Badge size="sm" variant="light" color="gray" radius="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatCount(totals[name] ?? 0)}
                  </Badge>
                ) : null}
              </Group>
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="documents" pt="xs">
          <DocumentsPanel
            module={module}
            tab="documents"
            filters={requestFilters}
            isFiltered={isNarrowed(requestFilters)}
            reloadCount={reloadCount}
            selectedIds={selectedIds}
            onSelect={onSelect}
            onTotal={totalSetters.documents}
          />
        </Tabs.Panel>
        {module.tabs.includes('notes') ? (
          <Tabs.Panel value="notes" pt="xs">
            <DocumentsPanel
              module={module}
              tab="notes"
              filters={withNoteTypes(requestFilters)}
              isFiltered={isNarrowed(requestFilters)}
              reloadCount={reloadCount}
              selectedIds={selectedIds}
              onSelect={onSelect}
              onTotal={totalSetters.notes}
            />
          </Tabs.Panel>
        ) : null}
        <Tabs.Panel value="summary" pt="xs">
          <SummaryPanel
            module={module}
            filters={toSummaryFilters(requestFilters)}
            reloadCount={reloadCount}
            isImportRunning={isImportRunning}
            onTotal={totalSetters.summary}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};

/** A register opens again in the financial year picked in the header. */
const RegisterInWorkingYear = ({ module }: { module: RegisterModule }) => {
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  return <RegisterScreen key={useWorkingYear(years)} module={module} />;
};

export const RegularSalesScreen = () => <RegisterInWorkingYear module={SALES_REGISTER} />;
export const RegularPurchaseScreen = () => <RegisterInWorkingYear module={PURCHASE_REGISTER} />;
