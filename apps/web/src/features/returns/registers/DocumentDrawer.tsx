import { Alert, Button, Divider, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { IconPencil } from '@tabler/icons-react';
import { formatInr, stateFromCode } from '@opengst/domain';
import type { DocumentDetail } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { DetailDrawer, Field, FieldList } from '../../../shared/DetailDrawer';
import { formatDate, formatDateTime } from '../../../shared/format';
import { useRights } from '../../../shared/useRights';
import { periodLabel } from '../../../shared/filter-bar/periods';
import { documentDetailQuery } from './registersApi';
import { DocumentStatusBadge } from './registerColumns';
import { editDocumentHref, type RegisterModule } from './registerModules';
import { loadFailureText } from '../../../shared/loadFailure';

// A register row's detail (spec core §7 regular/sale/detail, regular/purchase/detail): header, party, items and
// totals, with Edit for users holding DocumentEdit. Esc or the overlay returns to the list.

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const quantityText = (thousandths: number) => (thousandths / 1000).toLocaleString('en-IN', { maximumFractionDigits: 3 });
const rateText = (milliPercent: number) => `${(milliPercent / 1000).toLocaleString('en-IN', { maximumFractionDigits: 3 })}%`;
const stateText = (code: string | null | undefined) => (code ? `${code} ${stateFromCode(code)?.name ?? ''}`.trim() : null);

const DocumentBody = ({ document, canEdit, module }: { document: DocumentDetail; canEdit: boolean; module: RegisterModule }) => {
  const t = useText();
  return (
    <Stack gap="md" data-testid="document-detail">
      <Group justify="space-between" align="flex-start">
        <Group gap="xs">
          <DocumentStatusBadge t={t} status={document.status} />
          <Text size="xs" c="dimmed">
            {document.source}
            {document.importId ? ` #${document.importId}` : ''}
          </Text>
        </Group>
        {canEdit ? (
          <Button
            component={Link}
            to={editDocumentHref(module.direction, document.id)}
            size="xs"
            leftSection={<IconPencil size={14} />}
            data-testid="document-edit"
          >
            {t('register.detail.edit')}
          </Button>
        ) : null}
      </Group>
      <Title order={3} size="h6">
        {t('register.detail.document')}
      </Title>
      <FieldList>
        <Field label={t('register.documentNumber')}>
          <Text span ff="monospace" size="sm">
            {document.documentNumber}
          </Text>
        </Field>
        <Field label={t('register.documentType')}>{document.documentType}</Field>
        <Field label={t('register.documentDate')}>{formatDate(document.documentDate)}</Field>
        <Field label={t('register.returnPeriod')}>{`${periodLabel(document.returnPeriod)} (${document.returnPeriod})`}</Field>
        <Field label={t('register.location')}>{`${document.entityName}${document.gstin ? ` · ${document.gstin}` : ''}`}</Field>
        <Field label={t('register.supplyTypes')}>{document.supplyType}</Field>
      </FieldList>
      <Divider />
      <Title order={3} size="h6">
        {t('register.detail.party')}
      </Title>
      <FieldList>
        <Field label={t('register.detail.gstin')}>
          <Text span ff="monospace" size="sm">
            {document.counterpartyGstin || t('register.detail.unregistered')}
          </Text>
        </Field>
        <Field label={t('register.detail.name')}>{document.counterpartyName}</Field>
        <Field label={t('register.placeOfSupply')}>{stateText(document.placeOfSupply)}</Field>
        <Field label={t('register.reverseCharge')}>{document.isReverseCharge ? t('filter.yes') : t('filter.no')}</Field>
      </FieldList>
      <Divider />
      <Title order={3} size="h6">
        {t('register.detail.items')}
      </Title>
      <Table fz="xs" verticalSpacing={4} withTableBorder data-testid="document-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('register.detail.hsn')}</Table.Th>
            <Table.Th>{t('register.detail.description')}</Table.Th>
            <Table.Th className="numeric">{t('register.detail.quantity')}</Table.Th>
            <Table.Th className="numeric">{t('register.rate')}</Table.Th>
            <Table.Th className="numeric">{t('register.taxable')}</Table.Th>
            <Table.Th className="numeric">{t('register.tax')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {document.items.map((item, index) => (
            <Table.Tr key={index}>
              <Table.Td ff="monospace">{item.hsn ?? '—'}</Table.Td>
              <Table.Td>{item.description ?? ''}</Table.Td>
              <Table.Td className="numeric" style={numeric}>
                {`${quantityText(item.quantity)} ${item.uqc ?? ''}`.trim()}
              </Table.Td>
              <Table.Td className="numeric" style={numeric}>
                {rateText(item.rate)}
              </Table.Td>
              <Table.Td className="numeric" style={numeric}>
                {formatInr(item.taxable)}
              </Table.Td>
              <Table.Td className="numeric" style={numeric}>
                {formatInr(item.igst + item.cgst + item.sgst + item.cess)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h6">
        {t('register.detail.totals')}
      </Title>
      <Table fz="sm" verticalSpacing={3} data-testid="document-totals">
        <Table.Tbody>
          {(
            [
              ['register.taxable', document.taxable],
              ['register.igst', document.igst],
              ['register.cgst', document.cgst],
              ['register.sgst', document.sgst],
              ['register.cess', document.cess],
            ] as const
          ).map(([key, value]) => (
            <Table.Tr key={key}>
              <Table.Td c="dimmed">{t(key)}</Table.Td>
              <Table.Td className="numeric" style={numeric}>
                {formatInr(value)}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={600}>{t('register.documentValue')}</Table.Td>
            <Table.Td className="numeric" fw={600} style={numeric} data-testid="document-value">
              {`₹ ${formatInr(document.documentValue)}`}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {t('register.detail.createdBy')}: {document.createdByName ?? '—'} · {t('register.detail.updatedAt')}:{' '}
        {formatDateTime(document.updatedAt)}
        {document.updatedByName ? ` (${document.updatedByName})` : ''}
      </Text>
    </Stack>
  );
};

export const DocumentDrawer = ({
  module,
  id,
  title,
  onClose,
}: {
  module: RegisterModule;
  id: number | null;
  title: string;
  onClose: () => void;
}) => {
  const t = useText();
  const { DocumentEdit: canEdit } = useRights(['DocumentEdit']);
  const { data, isError, error } = useQuery({ ...documentDetailQuery(module, id ?? 0), enabled: id !== null });
  return (
    <DetailDrawer opened={id !== null} onClose={onClose} title={title} size="xl" testId="document-drawer">
      {isError ? (
        <Alert color="red" variant="light">
          {loadFailureText(error, t('register.detail.loadFailed'))}
        </Alert>
      ) : data ? (
        <DocumentBody document={data} canEdit={canEdit} module={module} />
      ) : (
        <Loader size="sm" />
      )}
    </DetailDrawer>
  );
};
