import { Badge, Table, Text } from '@mantine/core';
import { periodLabel } from '@opengst/domain';
import { paymentsText as pt, TAX_HEAD_KEYS, TAX_HEAD_TEXT, type HeadAmounts, type HeadMinorAmounts } from '@opengst/contracts';
import { formatDate } from '../../../shared/format';
import { Amount, headTotal } from '../../../shared/payments/paymentCells';

// The transactions of an electronic ledger as the portal lists them: date, description, reference (the CIN of a
// deposit), return period, credit or debit, the amount by major head, and the balance after it. The cash ledger and
// the liability register keep minor heads too (Rule 87(1)); here each head shows its sum, the balances their detail.

export type LedgerRow = {
  date: string;
  description: string;
  reference: string;
  returnPeriod: string | null;
  type: 'Credit' | 'Debit';
  discharge?: 'credit' | 'cash' | null;
  amounts: HeadAmounts;
  balance: number;
};

export const byHead = (amounts: HeadMinorAmounts): HeadAmounts => ({
  igst: headTotal(amounts, 'igst'),
  cgst: headTotal(amounts, 'cgst'),
  sgst: headTotal(amounts, 'sgst'),
  cess: headTotal(amounts, 'cess'),
});
export const sumHeads = (amounts: HeadAmounts): number => TAX_HEAD_KEYS.reduce((sum, head) => sum + amounts[head], 0);

export const LedgerEntries = ({ rows, withDischarge = false }: { rows: readonly LedgerRow[]; withDischarge?: boolean }) =>
  rows.length === 0 ? (
    <Text size="sm" c="dimmed" data-testid="ledger-empty">
      {pt('ledger.noEntries')}
    </Text>
  ) : (
    <Table.ScrollContainer minWidth={900}>
      <Table striped stickyHeader fz="sm" verticalSpacing={4} data-testid="ledger-entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{pt('ledger.date')}</Table.Th>
            <Table.Th>{pt('ledger.description')}</Table.Th>
            <Table.Th>{pt('ledger.reference')}</Table.Th>
            <Table.Th>{pt('ledger.returnPeriod')}</Table.Th>
            <Table.Th>{pt('ledger.type')}</Table.Th>
            {withDischarge ? <Table.Th>{pt('ledger.discharge')}</Table.Th> : null}
            {TAX_HEAD_KEYS.map((head) => (
              <Table.Th key={head} ta="right">
                {TAX_HEAD_TEXT[head]}
              </Table.Th>
            ))}
            <Table.Th ta="right">{pt('challan.total')}</Table.Th>
            <Table.Th ta="right">{pt('ledger.balance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={`${row.reference}-${index}`} data-testid={`ledger-row-${index}`}>
              <Table.Td>{row.date ? formatDate(row.date) : '—'}</Table.Td>
              <Table.Td>{row.description}</Table.Td>
              <Table.Td ff="monospace">{row.reference}</Table.Td>
              <Table.Td>{row.returnPeriod ? periodLabel(row.returnPeriod) : '—'}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" radius="sm" color={row.type === 'Credit' ? 'green' : 'gray'}>
                  {row.type}
                </Badge>
              </Table.Td>
              {withDischarge ? <Table.Td>{row.discharge ?? '—'}</Table.Td> : null}
              {TAX_HEAD_KEYS.map((head) => (
                <Table.Td key={head} ta="right">
                  <Amount paise={row.amounts[head]} />
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={600}>
                <Amount paise={sumHeads(row.amounts)} />
              </Table.Td>
              <Table.Td ta="right">
                <Amount paise={row.balance} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
