import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatInr, stateFromCode } from '@opengst/domain';
import type { SideDocument } from '@opengst/contracts';
import { useText, type Translate } from '../../../i18n/useText';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { formatDate } from '../../../shared/format';

// Both sides of a pair side by side: the documents as booked and as the supplier reported them (several on a side
// after a one-to-many link). An empty side says which one is missing.

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type Kind = 'code' | 'text' | 'amount';

const lines = (t: Translate, document: SideDocument): [string, string, Kind][] => [
  [t('reconciliation.documentNumber'), document.documentNumber, 'code'],
  [t('reconciliation.documentType'), document.documentType, 'code'],
  [t('reconciliation.documentDate'), formatDate(document.documentDate), 'text'],
  [t('reconciliation.returnPeriod'), periodLabel(document.returnPeriod), 'text'],
  [t('reconciliation.gstin'), document.gstin, 'code'],
  [
    t('reconciliation.field.placeOfSupply'),
    document.placeOfSupply ? `${document.placeOfSupply} ${stateFromCode(document.placeOfSupply)?.name ?? ''}`.trim() : '—',
    'text',
  ],
  [t('reconciliation.field.isReverseCharge'), document.isReverseCharge ? t('filter.yes') : t('filter.no'), 'text'],
  [t('reconciliation.taxable'), formatInr(document.taxable), 'amount'],
  [t('reconciliation.field.igst'), formatInr(document.igst), 'amount'],
  [t('reconciliation.field.cgst'), formatInr(document.cgst), 'amount'],
  [t('reconciliation.field.sgst'), formatInr(document.sgst), 'amount'],
  [t('reconciliation.field.cess'), formatInr(document.cess), 'amount'],
  [t('reconciliation.field.documentValue'), formatInr(document.documentValue), 'amount'],
];

const Side = ({
  title,
  documents,
  missing,
  testId,
}: {
  title: string;
  documents: readonly SideDocument[];
  missing: string;
  testId: string;
}) => {
  const t = useText();
  return (
    <Paper withBorder radius="sm" p="xs" data-testid={testId}>
      <Stack gap={6}>
        <Title order={3} size="h6">
          {title}
        </Title>
        {documents.length === 0 ? (
          <Text size="sm" c="dimmed">
            {missing}
          </Text>
        ) : (
          documents.map((document) => (
            <Table key={document.id} fz="xs" verticalSpacing={2} data-testid={`${testId}-${document.documentNumber}`}>
              <Table.Tbody>
                {lines(t, document).map(([label, value, kind]) => (
                  <Table.Tr key={label}>
                    <Table.Td c="dimmed" w="45%">
                      {label}
                    </Table.Td>
                    <Table.Td
                      className={kind === 'amount' ? 'numeric' : undefined}
                      style={kind === 'amount' ? numeric : undefined}
                      ff={kind === 'code' ? 'monospace' : undefined}
                    >
                      {value}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ))
        )}
      </Stack>
    </Paper>
  );
};

export const SideDocuments = ({ books, portal }: { books: readonly SideDocument[]; portal: readonly SideDocument[] }) => {
  const t = useText();
  return (
    <SimpleGrid cols={2} spacing="sm">
      <Side title={t('reconciliation.pair.books')} documents={books} missing={t('reconciliation.pair.notInBooks')} testId="pair-books" />
      <Side
        title={t('reconciliation.pair.portal')}
        documents={portal}
        missing={t('reconciliation.pair.notReported')}
        testId="pair-portal"
      />
    </SimpleGrid>
  );
};
