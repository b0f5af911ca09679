import { Badge, Select, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatInr } from '@opengst/domain';
import {
  CHALLAN_STATUS_TEXT,
  MINOR_HEAD_KEYS,
  MINOR_HEAD_TEXT,
  TAX_HEAD_KEYS,
  TAX_HEAD_TEXT,
  type ChallanStatus,
  type HeadAmounts,
  type HeadMinorAmounts,
} from '@opengst/contracts';
import { financialYearsQuery, userEntitiesQuery } from '../../api/sessionData';
import { isGstinLocation } from '../../shared/GstinMultiSelect';
import { useWorkingYear } from '../../shared/workingYear';

// What the challan and ledger screens share: amounts as UI.md has them (right-aligned tabular figures, en-IN), the
// PMT-06 table of major heads by minor heads with its totals, the challan's status and the GSTIN picker.

export const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export const Amount = ({ paise, testId }: { paise: number; testId?: string }) => (
  <Text span size="sm" style={NUMERIC} data-testid={testId}>
    {formatInr(paise)}
  </Text>
);

const STATUS_COLOUR: Readonly<Record<ChallanStatus, string>> = { Generated: 'orange', Paid: 'green', Expired: 'gray' };
export const ChallanStatusBadge = ({ status }: { status: ChallanStatus }) => (
  <Badge size="sm" variant="light" radius="sm" color={STATUS_COLOUR[status]} data-status={status}>
    {CHALLAN_STATUS_TEXT[status]}
  </Badge>
);

export const headTotal = (amounts: HeadMinorAmounts, head: (typeof TAX_HEAD_KEYS)[number]): number =>
  MINOR_HEAD_KEYS.reduce((sum, minor) => sum + amounts[head][minor], 0);
export const minorTotal = (amounts: HeadMinorAmounts, minor: (typeof MINOR_HEAD_KEYS)[number]): number =>
  TAX_HEAD_KEYS.reduce((sum, head) => sum + amounts[head][minor], 0);
export const grandTotal = (amounts: HeadMinorAmounts): number => TAX_HEAD_KEYS.reduce((sum, head) => sum + headTotal(amounts, head), 0);

/** PMT-06's table: a row per major head, a column per minor head, totals on both sides. */
export const HeadMinorTable = ({ amounts, testId, caption }: { amounts: HeadMinorAmounts; testId: string; caption: string }) => (
  <Table withTableBorder withColumnBorders striped fz="sm" verticalSpacing={4} data-testid={testId}>
    <Table.Caption>{caption}</Table.Caption>
    <Table.Thead>
      <Table.Tr>
        <Table.Th />
        {MINOR_HEAD_KEYS.map((minor) => (
          <Table.Th key={minor} ta="right">
            {MINOR_HEAD_TEXT[minor]}
          </Table.Th>
        ))}
        <Table.Th ta="right">Total</Table.Th>
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      {TAX_HEAD_KEYS.map((head) => (
        <Table.Tr key={head}>
          <Table.Th scope="row">{TAX_HEAD_TEXT[head]}</Table.Th>
          {MINOR_HEAD_KEYS.map((minor) => (
            <Table.Td key={minor} ta="right">
              <Amount paise={amounts[head][minor]} />
            </Table.Td>
          ))}
          <Table.Td ta="right" fw={600}>
            <Amount paise={headTotal(amounts, head)} testId={`${testId}-${head}`} />
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
    <Table.Tfoot>
      <Table.Tr>
        <Table.Th scope="row">Total (₹)</Table.Th>
        {MINOR_HEAD_KEYS.map((minor) => (
          <Table.Td key={minor} ta="right" fw={600}>
            <Amount paise={minorTotal(amounts, minor)} />
          </Table.Td>
        ))}
        <Table.Td ta="right" fw={700}>
          <Amount paise={grandTotal(amounts)} testId={`${testId}-total`} />
        </Table.Td>
      </Table.Tr>
    </Table.Tfoot>
  </Table>
);

/** The credit ledger's balances: by major head only (PMT-02 keeps no minor heads). */
export const HeadTable = ({ rows, testId }: { rows: readonly { label: string; amounts: HeadAmounts }[]; testId: string }) => (
  <Table withTableBorder withColumnBorders fz="sm" verticalSpacing={4} data-testid={testId}>
    <Table.Thead>
      <Table.Tr>
        <Table.Th />
        {TAX_HEAD_KEYS.map((head) => (
          <Table.Th key={head} ta="right">
            {TAX_HEAD_TEXT[head]}
          </Table.Th>
        ))}
        <Table.Th ta="right">Total</Table.Th>
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      {rows.map((row) => (
        <Table.Tr key={row.label}>
          <Table.Th scope="row">{row.label}</Table.Th>
          {TAX_HEAD_KEYS.map((head) => (
            <Table.Td key={head} ta="right">
              <Amount paise={row.amounts[head]} />
            </Table.Td>
          ))}
          <Table.Td ta="right" fw={600}>
            <Amount paise={TAX_HEAD_KEYS.reduce((sum, head) => sum + row.amounts[head], 0)} />
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);

/** The user's locations with a GSTIN in the working year. */
export const useGstinLocations = () => {
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const { data: entities = [] } = useQuery(userEntitiesQuery(useWorkingYear(years)));
  return entities.filter(isGstinLocation);
};

/** One of the user's GSTINs to choose. */
export const GstinPicker = ({
  value,
  onChange,
  label,
  testId,
}: {
  value: number | null;
  onChange: (entityId: number) => void;
  label: string;
  testId: string;
}) => {
  const locations = useGstinLocations();
  return (
    <Select
      size="xs"
      w={320}
      label={label}
      data={locations.map((e) => ({ value: String(e.entityId), label: `${e.gstin} · ${e.entityName}` }))}
      value={value === null ? null : String(value)}
      searchable
      allowDeselect={false}
      onChange={(next) => {
        if (next) onChange(Number(next));
      }}
      data-testid={testId}
    />
  );
};
