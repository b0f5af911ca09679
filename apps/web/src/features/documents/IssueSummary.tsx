import { Alert, List, Text } from '@mantine/core';
import type { DocumentIssue } from '@opengst/contracts';
import { useText, type TextKey } from '../../i18n/useText';

// UI.md "Explain, don't just flag": every issue with its code, the field it is about and the rule's message, errors
// before warnings; the fields themselves are marked too.

const FIELD_KEYS: Record<string, TextKey> = {
  EntityId: 'document.location',
  DocumentType: 'document.type',
  DocumentNumber: 'document.number',
  DocumentDate: 'document.date',
  CounterpartyGstin: 'document.counterpartyGstin',
  PlaceOfSupply: 'document.placeOfSupply',
  IsReverseCharge: 'document.reverseCharge',
  OriginalDocumentNumber: 'document.originalNumber',
  OriginalDocumentDate: 'document.originalDate',
  PortCode: 'document.portCode',
  ShippingBillNumber: 'document.shippingBillNumber',
  Items: 'document.section.items',
};
const ITEM_KEYS: Record<string, TextKey> = {
  Hsn: 'document.item.hsn',
  Uqc: 'document.item.uqc',
  Quantity: 'document.item.quantity',
  Taxable: 'document.item.taxable',
  Rate: 'document.item.rate',
  Igst: 'document.item.igst',
  Cgst: 'document.item.cgst',
  Sgst: 'document.item.sgst',
  Cess: 'document.item.cess',
};

/** The server's issues and the form's own (no code), errors first. */
export const IssueSummary = ({ issues }: { issues: readonly DocumentIssue[] }) => {
  const t = useText();
  if (issues.length === 0) return null;
  const fieldOf = (propertyName: string): string => {
    const item = /^Items\[(\d+)\](?:\.(\w+))?$/.exec(propertyName);
    if (item) {
      const key = item[2] ? ITEM_KEYS[item[2]] : undefined;
      return t('document.lineField', { n: Number(item[1]) + 1, field: key ? t(key) : '' }).trim();
    }
    const key = FIELD_KEYS[propertyName];
    return key ? t(key) : propertyName;
  };
  const sorted = [...issues].sort((a, b) => (a.type === b.type ? 0 : a.type === 'Error' ? -1 : 1));
  const errors = issues.filter((i) => i.type === 'Error').length;
  return (
    <Alert
      color={errors > 0 ? 'red' : 'yellow'}
      variant="light"
      title={errors > 0 ? t('document.issuesTitle') : t('document.warningsTitle')}
      data-testid="document-issues"
    >
      <List size="xs" spacing={2}>
        {sorted.map((issue, i) => (
          <List.Item key={`${issue.code}-${issue.propertyName}-${i}`} data-testid={`issue-${issue.code || 'form'}`}>
            {issue.code ? (
              <Text size="xs" span fw={600} ff="monospace">
                {`${issue.code} `}
              </Text>
            ) : null}
            <Text size="xs" span c={issue.type === 'Error' ? 'red' : 'yellow'}>
              {issue.type === 'Error' ? t('document.error') : t('document.warning')}
            </Text>
            <Text size="xs" span fw={600}>
              {issue.propertyName ? ` · ${fieldOf(issue.propertyName)}` : ''}
            </Text>
            <Text size="xs" span>{` — ${issue.message}`}</Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
};
