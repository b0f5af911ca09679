import { MultiSelect, Select } from '@mantine/core';
import { useText } from '../../i18n/useText';
import { openPeriodsOf, periodLabel } from './periods';

// The financial-year and return-period pickers of the search block, and the range of return periods a request or a
// list asks for (a reconciliation, a bulk download, the download summary).

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

type PeriodRangeProps = {
  /** The periods offered, newest first. */
  periods: readonly string[];
  from: string | null;
  to: string | null;
  onFromChange: (next: string | null) => void;
  onToChange: (next: string | null) => void;
  labels: { from: string; to: string };
  w: number;
  /** A list's filter may be emptied; a request's range may not. */
  isClearable?: boolean;
  errors?: { from?: string | undefined; to?: string | undefined };
  /** The selects are `${testIdPrefix}-from` and `${testIdPrefix}-to`. */
  testIdPrefix: string;
};

export const PeriodRangeSelects = (props: PeriodRangeProps) => {
  const { periods, labels, w, isClearable = false, errors = {}, testIdPrefix } = props;
  const data = periods.map((period) => ({ value: period, label: periodLabel(period) }));
  const emptying = isClearable ? { clearable: true } : { allowDeselect: false };
  return (
    <>
      <Select
        size="xs"
        w={w}
        label={labels.from}
        data={data}
        value={props.from}
        onChange={props.onFromChange}
        {...emptying}
        error={errors.from}
        data-testid={`${testIdPrefix}-from`}
      />
      <Select
        size="xs"
        w={w}
        label={labels.to}
        data={data}
        value={props.to}
        onChange={props.onToChange}
        {...emptying}
        error={errors.to}
        data-testid={`${testIdPrefix}-to`}
      />
    </>
  );
};
