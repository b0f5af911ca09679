import { Badge, Table, Text } from '@mantine/core';
import { formatInr } from '@opengst/domain';
import { RESOURCES, type RowDetail } from '@opengst/contracts';
import { useText, type TextKey, type Translate } from '../../../i18n/useText';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { formatCount, formatDate } from '../../../shared/format';
import { Difference } from '../Amount';

// Each compared field with the books' value, the portal's and the difference (portal minus books: paise for
// amounts, days for the date, months for the return period, as the engine gives them); a field that differs is
// drawn on a contrasting tint and says so in words, one within tolerance on amber.

type Field = RowDetail['fields'][number];
type Value = Field['books'];

const OUTCOME_TINT: Partial<Record<Field['outcome'], string>> = {
  different: 'var(--mantine-color-red-0)',
  'within tolerance': 'var(--mantine-color-yellow-0)',
};
const OUTCOME_COLOR: Partial<Record<Field['outcome'], string>> = { different: 'red', 'within tolerance': 'yellow' };
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONEY = new Set(['invoiceValue', 'taxable', 'igst', 'cgst', 'sgst', 'cess']);
/** The engine's names where the screen already has a label. */
const SAME_AS: Record<string, string> = { invoiceValue: 'documentValue', reverseCharge: 'isReverseCharge', recipientGstin: 'gstin' };

export const fieldLabel = (t: Translate, field: string): string => {
  const key = `reconciliation.field.${SAME_AS[field] ?? field}`;
  return key in RESOURCES ? t(key as TextKey) : field;
};

const valueText = (t: Translate, field: string, value: Value): string => {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? t('filter.yes') : t('filter.no');
  if (typeof value === 'number') return MONEY.has(field) ? formatInr(value) : formatCount(value);
  // A side of several documents lists their periods ("032025, 042025").
  if (field === 'returnPeriod') return value.split(', ').map(periodLabel).join(', ');
  return ISO_DATE.test(value) ? formatDate(value) : value;
};

const DifferenceCell = ({ field, difference }: { field: string; difference: number | null }) => {
  const t = useText();
  if (difference === null) return null;
  if (MONEY.has(field)) return <Difference paise={difference} />;
  if (difference === 0) return null;
  const signed = `${difference > 0 ? '+' : ''}${formatCount(difference)}`;
  const text =
    field === 'documentDate'
      ? t('reconciliation.pair.days', { n: signed })
      : field === 'returnPeriod'
        ? t('reconciliation.pair.months', { n: signed })
        : signed;
  return (
    <Text span size="sm" c="red" fw={600} style={numeric}>
      {text}
    </Text>
  );
};

export const ComparedFields = ({ fields }: { fields: readonly Field[] }) => {
  const t = useText();
  return (
    <Table fz="sm" verticalSpacing={4} withTableBorder data-testid="compared-fields">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('reconciliation.pair.field')}</Table.Th>
          <Table.Th className="numeric">{t('reconciliation.side.books')}</Table.Th>
          <Table.Th className="numeric">{t('reconciliation.side.portal')}</Table.Th>
          <Table.Th className="numeric">{t('reconciliation.pair.difference')}</Table.Th>
          <Table.Th>{t('reconciliation.pair.outcome')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => (
          <Table.Tr
            key={field.field}
            style={{ background: OUTCOME_TINT[field.outcome] }}
            data-testid={`field-${field.field}`}
            data-outcome={field.outcome}
          >
            <Table.Td fw={field.isMatchColumn ? 600 : undefined}>{fieldLabel(t, field.field)}</Table.Td>
            <Table.Td className="numeric" style={numeric}>
              {valueText(t, field.field, field.books)}
            </Table.Td>
            <Table.Td className="numeric" style={numeric}>
              {valueText(t, field.field, field.portal)}
            </Table.Td>
            <Table.Td className="numeric">
              <DifferenceCell field={field.field} difference={field.difference} />
            </Table.Td>
            <Table.Td>
              {OUTCOME_COLOR[field.outcome] ? (
                <Badge size="xs" variant="light" radius="sm" tt="none" color={OUTCOME_COLOR[field.outcome]}>
                  {t(`reconciliation.outcome.${field.outcome}` as TextKey)}
                </Badge>
              ) : (
                <Text span size="xs" c="dimmed">
                  {t(`reconciliation.outcome.${field.outcome}` as TextKey)}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};
