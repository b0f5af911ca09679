import { Paper, Table, Text } from '@mantine/core';
import type { RunDocument } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { formatCount } from '../../../shared/format';
import { Amount, Difference } from '../Amount';

// The two selections compared before a link: how many documents, their taxable value and tax on each side, and the
// difference (portal minus books), so a user sees what the link will claim before making it.

const sumOf = (documents: readonly RunDocument[]) =>
  documents.reduce((sum, document) => ({ taxable: sum.taxable + document.taxable, tax: sum.tax + document.tax }), { taxable: 0, tax: 0 });

export const SelectionComparison = ({ books, portal }: { books: readonly RunDocument[]; portal: readonly RunDocument[] }) => {
  const t = useText();
  const booksSum = sumOf(books);
  const portalSum = sumOf(portal);
  return (
    <Paper withBorder radius="sm" p={0}>
      <Table fz="sm" verticalSpacing={4} data-testid="selection-comparison">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th className="numeric">{t('reconciliation.documents')}</Table.Th>
            <Table.Th className="numeric">{t('reconciliation.taxable')}</Table.Th>
            <Table.Th className="numeric">{t('reconciliation.tax')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{t('reconciliation.side.books')}</Table.Td>
            <Table.Td className="numeric">{formatCount(books.length)}</Table.Td>
            <Table.Td className="numeric">
              <Amount paise={booksSum.taxable} testId="books-taxable" />
            </Table.Td>
            <Table.Td className="numeric">
              <Amount paise={booksSum.tax} testId="books-tax" />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>{t('reconciliation.side.portal')}</Table.Td>
            <Table.Td className="numeric">{formatCount(portal.length)}</Table.Td>
            <Table.Td className="numeric">
              <Amount paise={portalSum.taxable} testId="portal-taxable" />
            </Table.Td>
            <Table.Td className="numeric">
              <Amount paise={portalSum.tax} testId="portal-tax" />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={600}>{t('reconciliation.pair.difference')}</Table.Td>
            <Table.Td />
            <Table.Td className="numeric">
              <Difference paise={portalSum.taxable - booksSum.taxable} testId="difference-taxable" />
            </Table.Td>
            <Table.Td className="numeric">
              <Difference paise={portalSum.tax - booksSum.tax} testId="difference-tax" />
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" px="sm" pb={6}>
        {t('reconciliation.manual.differenceNote')}
      </Text>
    </Paper>
  );
};
