import { DateInput, type DateInputProps } from '@mantine/dates';
import { useText } from '../i18n/useText';
import { parseDisplayDate } from './format';

type Props = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'maxDate' | 'minDate'> & {
  /** ISO date (YYYY-MM-DD) or '' when empty: the API's own shape. */
  value: string;
  onChange: (iso: string) => void;
  /** ISO bounds. */
  maxDate?: string;
  minDate?: string;
};

/**
 * A date typed or picked as DD-MM-YYYY (UI.md: dates DD-MM-YYYY everywhere, whatever the browser's locale), held as an
 * ISO string. Typing accepts DD-MM-YYYY, DD/MM/YYYY and YYYY-MM-DD.
 */
export const DateField = ({ value, onChange, maxDate, minDate, ...rest }: Props) => {
  const t = useText();
  return (
    <DateInput
      {...rest}
      // The calendar's arrows are icons: they carry names. No red weekends (colour alone, 3.3:1) and no greyed days of
      // the next and previous months (2:1); the month's own days read at full contrast.
      ariaLabels={{
        previousMonth: t('date.previousMonth'),
        nextMonth: t('date.nextMonth'),
        previousYear: t('date.previousYear'),
        nextYear: t('date.nextYear'),
        previousDecade: t('date.previousDecade'),
        nextDecade: t('date.nextDecade'),
        monthLevelControl: t('date.chooseMonth'),
        yearLevelControl: t('date.chooseYear'),
      }}
      weekendDays={[]}
      hideOutsideDates
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat="DD-MM-YYYY"
      dateParser={(input) => parseDisplayDate(input)}
      maxDate={maxDate}
      minDate={minDate}
      clearable={!rest.required}
      clearButtonProps={{ 'aria-label': t('date.clear') }}
      placeholder={rest.placeholder ?? 'DD-MM-YYYY'}
    />
  );
};
