import { Group, MultiSelect } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LITIGATION_REPORT_ENDPOINTS } from '@opengst/contracts';
import type { ReactNode } from 'react';
import { call } from '../../../api/call';
import { financialYearsQuery } from '../../../api/sessionData';
import { useText } from '../../../i18n/useText';
import { GstinMultiSelect } from '../../../shared/GstinMultiSelect';
import { useWorkingYear } from '../../../shared/workingYear';

// The filters both litigation reports share: locations (GSTINs), the financial years the notices concern and the
// sections they cite (those the subscriber's notices in the user's scope cite, from litigation-reports/options); each
// report adds its own beside them.

export type NoticeReportFilterState = { locations: string[]; years: string[]; sections: string[] };
export const NO_NOTICE_FILTERS: NoticeReportFilterState = { locations: [], years: [], sections: [] };

/** The request's filters: only what is chosen. */
export const noticeFiltersOf = (state: NoticeReportFilterState) => ({
  ...(state.locations.length > 0 ? { entityIds: state.locations.map(Number) } : {}),
  ...(state.years.length > 0 ? { financialYears: state.years } : {}),
  ...(state.sections.length > 0 ? { sections: state.sections } : {}),
});

/** YYYY-YY of each financial year from GST's first (2017-18) to the one of `today`, newest first. */
export const financialYearsUpTo = (today: string): string[] => {
  const year = Number(today.slice(0, 4));
  const last = Number(today.slice(5, 7)) >= 4 ? year : year - 1;
  return Array.from({ length: last - 2017 + 1 }, (_, i) => last - i).map((y) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`);
};

/** The sections and years the notices in the user's scope hold (the register's own query, under a report's right). */
export const litigationReportOptionsQuery = queryOptions({
  queryKey: ['litigation-reports', 'options'] as const,
  queryFn: () => call(LITIGATION_REPORT_ENDPOINTS.options),
  staleTime: 60_000,
});

/** The sections offered: those the notices cite, any already chosen (a link may bring one), and '-' for none cited. */
export const sectionChoices = (held: readonly string[], chosen: readonly string[], none: string) => [
  ...[...new Set([...held, ...chosen.filter((s) => s !== '-')])].map((s) => ({ value: s, label: s })),
  { value: '-', label: none },
];

type Props = {
  state: NoticeReportFilterState;
  onChange: (next: NoticeReportFilterState) => void;
  today: string;
  children?: ReactNode;
};

export const NoticeReportFilters = ({ state, onChange, today, children }: Props) => {
  const t = useText();
  const { data: fyList = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const workingYear = useWorkingYear(fyList);
  const { data: options } = useQuery(litigationReportOptionsQuery);
  const set = <K extends keyof NoticeReportFilterState>(key: K, value: NoticeReportFilterState[K]) => onChange({ ...state, [key]: value });
  return (
    <Group gap="xs" align="flex-end">
      {children}
      <GstinMultiSelect
        financialYear={workingYear}
        w={240}
        label={t('litReport.entity')}
        placeholder={t('audit.all')}
        value={state.locations}
        onChange={(next) => set('locations', next)}
        testId="lit-report-locations"
      />
      <MultiSelect
        size="xs"
        w={170}
        label={t('litReport.years')}
        placeholder={state.years.length === 0 ? t('audit.all') : undefined}
        data={[...financialYearsUpTo(today), { value: '-', label: t('litReport.noYear') }]}
        value={state.years}
        onChange={(next) => set('years', next)}
        clearable
        data-testid="lit-report-years"
      />
      <MultiSelect
        size="xs"
        w={190}
        label={t('litReport.sections')}
        placeholder={state.sections.length === 0 ? t('audit.all') : undefined}
        data={sectionChoices(options?.sections ?? [], state.sections, t('litReport.noSection'))}
        value={state.sections}
        onChange={(next) => set('sections', next)}
        searchable
        clearable
        data-testid="lit-report-sections"
      />
    </Group>
  );
};
