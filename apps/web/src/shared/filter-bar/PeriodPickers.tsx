import { MultiSelect, Select } from '@mantine/core';
import { useText } from '../../i18n/useText';
import { openPeriodsOf, periodLabel } from './periods';

// The financial-year and return-period pickers of the search block.

export const FinancialYearSelect = ({
  years,
  value,
  onChange,
}: {
  years: readonly string[];
  value: string;
  onChange: (next: string) => void;
}) => {
  const t = useText();
  return (
    <Select
      size="xs"
      w={110}
      label={t('filter.financialYear')}
      data={[...years]}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        if (next && next !== value) onChange(next);
      }}
      data-testid="filter-financial-year"
    />
  );
};

export const ReturnPeriodSelect = ({
  financialYear,
  value,
  onChange,
}: {
  financialYear: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
}) => {
  const t = useText();
  const periods = openPeriodsOf(financialYear, new Date());
  return (
    <MultiSelect
      size="xs"
      w={220}
      label={t('filter.returnPeriod')}
      placeholder={value.length === 0 ? t('filter.returnPeriodAll') : undefined}
      data={periods.map((period) => ({ value: period, label: periodLabel(period) }))}
      value={[...value]}
      onChange={onChange}
      maxValues={12}
      clearable
      data-testid="filter-return-period"
    />
  );
};
