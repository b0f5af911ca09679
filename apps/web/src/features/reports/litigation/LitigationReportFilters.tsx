import { Group, MultiSelect, TagsInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { financialYearsQuery } from '../../../api/sessionData';
import { useText } from '../../../i18n/useText';
import { GstinMultiSelect } from '../../../shared/GstinMultiSelect';
import { useWorkingYear } from '../../../shared/workingYear';

// The filters both litigation reports share: locations (GSTINs), the financial years the notices concern and the
// sections they cite; each report adds its own beside them.

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

/** The sections notices most often cite (CGST Act): offered, while any other may be typed. */
const COMMON_SECTIONS = ['61', '65', '66', '73', '74', '74A', '75(12)', '76', '122', '125', '129', '130'];

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
      <TagsInput
        size="xs"
        w={190}
        label={t('litReport.sections')}
        placeholder={state.sections.length === 0 ? t('audit.all') : undefined}
        data={COMMON_SECTIONS}
        value={state.sections}
        onChange={(next) =>
          set(
            'sections',
            next.map((s) => s.trim()).filter((s) => s !== ''),
          )
        }
        clearable
        data-testid="lit-report-sections"
      />
    </Group>
  );
};
