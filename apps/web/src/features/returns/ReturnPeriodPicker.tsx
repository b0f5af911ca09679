import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { financialYearOfPeriod } from '@opengst/domain';
import { financialYearsQuery, userEntitiesQuery } from '../../api/sessionData';
import { useText } from '../../i18n/useText';
import { FinancialYearSelect } from '../../shared/filter-bar/PeriodPickers';
import { openPeriodsOf, periodLabel } from '../../shared/filter-bar/periods';
import { isGstinLocation } from '../../shared/GstinMultiSelect';

// One return period (a return is filed per month): the financial year, then its open months newest first, as the
// registers offer them (shared/filter-bar/periods.ts). A change of year opens its latest open month.

export const ReturnPeriodPicker = ({ value, onChange }: { value: string; onChange: (period: string) => void }) => {
  const t = useText();
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const financialYear = financialYearOfPeriod(value);
  const periods = openPeriodsOf(financialYear, new Date());
  // The chosen month stays offered even when it is not open any more (a link from elsewhere).
  const options = periods.includes(value) ? periods : [value, ...periods];
  return (
    <>
      <FinancialYearSelect
        years={years.length > 0 ? years.map((year) => year.label) : [financialYear]}
        value={financialYear}
        onChange={(year) => {
          const latest = openPeriodsOf(year, new Date())[0];
          if (latest) onChange(latest);
        }}
      />
      <Select
        size="xs"
        w={120}
        label={t('returns.period')}
        data={options.map((period) => ({ value: period, label: periodLabel(period) }))}
        value={value}
        allowDeselect={false}
        onChange={(next) => {
          if (next) onChange(next);
        }}
        data-testid="return-period"
      />
    </>
  );
};

/** The locations with a GSTIN the user may see in the year of the period. */
export const useGstinLocations = (returnPeriod: string) => {
  const { data: entities = [], isPending } = useQuery(userEntitiesQuery(financialYearOfPeriod(returnPeriod)));
  return { locations: entities.filter(isGstinLocation), isPending };
};

export const GstinSelect = ({
  returnPeriod,
  value,
  onChange,
}: {
  returnPeriod: string;
  value: number | null;
  onChange: (entityId: number) => void;
}) => {
  const t = useText();
  const { locations } = useGstinLocations(returnPeriod);
  return (
    <Select
      size="xs"
      w={300}
      label={t('returns.gstin')}
      placeholder={t('returns.chooseGstin')}
      data={locations.map((entity) => ({ value: String(entity.entityId), label: `${entity.gstin ?? ''} · ${entity.entityName}` }))}
      value={value === null ? null : String(value)}
      searchable
      allowDeselect={false}
      onChange={(next) => {
        if (next) onChange(Number(next));
      }}
      data-testid="return-gstin"
    />
  );
};
