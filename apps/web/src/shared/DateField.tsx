import { DateInput, type DateInputProps } from '@mantine/dates';
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
export const DateField = ({ value, onChange, maxDate, minDate, ...rest }: Props) => (
  <DateInput
    {...rest}
    value={value || null}
    onChange={(next) => onChange(next ?? '')}
    valueFormat="DD-MM-YYYY"
    dateParser={(input) => parseDisplayDate(input)}
    maxDate={maxDate}
    minDate={minDate}
    clearable={!rest.required}
    placeholder={rest.placeholder ?? 'DD-MM-YYYY'}
  />
);
