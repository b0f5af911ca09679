import { Alert, Code, Group, Image, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EINVOICE_CANCEL_REASON_TEXT, einvoiceText as et, type EinvoiceCancelReason, type EinvoiceDetail } from '@opengst/contracts';
import { DetailDrawer, Field, FieldList } from '../../shared/DetailDrawer';
import { formatDate, formatIstDateTime } from '../../shared/format';
import { loadFailureText } from '../../shared/loadFailure';
import { Amount } from '../../shared/payments/paymentCells';
import { EinvoicePrintButtons } from './EinvoicePrintButtons';
import { EinvoiceStatusBadge } from './EinvoiceStatusBadge';
import { einvoiceDetail, einvoiceKeys } from './einvoiceApi';

// A document's e-invoice: the IRN with its acknowledgement, the signed QR code as an image (drawn by the server) and
// what it says, checked against the IRP's certificate; or why there is no IRN; and a cancelled IRN with its reason.

const QrSection = ({ detail }: { detail: EinvoiceDetail }) =>
  detail.qrImage ? (
    <Stack gap={6}>
      <Title order={6}>{et('einvoice.qr')}</Title>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Image
          src={detail.qrImage}
          alt={`${et('einvoice.qr')} ${detail.documentNumber}`}
          w={220}
          h={220}
          fit="contain"
          data-testid="einvoice-qr-image"
        />
        {detail.qrPayload ? (
          <FieldList>
            <Text size="xs" fw={600}>
              {et('einvoice.qrPayload')}
            </Text>
            {Object.entries(detail.qrPayload).map(([key, value]) => (
              <Group key={key} gap={6} wrap="nowrap">
                <Text size="xs" c="dimmed" w={90}>
                  {key}
                </Text>
                <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {String(value)}
                </Text>
              </Group>
            ))}
          </FieldList>
        ) : null}
      </Group>
      <Text size="xs" c={detail.isSignatureVerified ? 'green' : 'red'} data-testid="einvoice-signature">
        {detail.isSignatureVerified ? et('einvoice.signatureVerified') : et('einvoice.signatureNotVerified')}
      </Text>
    </Stack>
  ) : null;

const DetailBody = ({ detail }: { detail: EinvoiceDetail }) => (
  <Stack gap="md" data-testid="einvoice-detail">
    {detail.isSandbox ? (
      <Alert color="yellow" variant="light" py={6} data-testid="einvoice-sandbox">
        {et('einvoice.sandbox')}
      </Alert>
    ) : null}
    <FieldList>
      <Field label={et('einvoice.status')}>
        <EinvoiceStatusBadge status={detail.status} />
      </Field>
      <Field
        label={et('einvoice.document')}
      >{`${detail.documentType} ${detail.documentNumber} · ${formatDate(detail.documentDate)}`}</Field>
      <Field label={et('einvoice.buyer')}>{`${detail.counterpartyName ?? ''} ${detail.counterpartyGstin || 'URP'}`}</Field>
      <Field label={et('einvoice.value')}>
        <Amount paise={detail.documentValue} />
      </Field>
      <Field label={et('einvoice.irn')}>
        {detail.irn ? (
          <Code data-testid="einvoice-detail-irn" style={{ wordBreak: 'break-all' }}>
            {detail.irn}
          </Code>
        ) : null}
      </Field>
      <Field label={et('einvoice.ackNo')}>{detail.ackNo}</Field>
      <Field label={et('einvoice.ackDate')}>{detail.ackDate ? formatIstDateTime(detail.ackDate) : null}</Field>
      {detail.generatedByName ? <Field label={et('einvoice.generatedBy')}>{detail.generatedByName}</Field> : null}
    </FieldList>
    {detail.irn && (detail.status === 'Generated' || detail.status === 'Regenerated') ? (
      <EinvoicePrintButtons documentId={detail.id} documentNumber={detail.documentNumber} />
    ) : null}
    <QrSection detail={detail} />
    {detail.status === 'ERROR' ? (
      <Alert color="red" variant="light" title={et('einvoice.problems')} data-testid="einvoice-detail-errors">
        <List size="sm">
          {(detail.errors.length > 0
            ? detail.errors
            : [{ code: detail.errorCode ?? '', field: '', message: detail.errorMessage ?? '' }]
          ).map((problem, i) => (
            <List.Item key={`${problem.code}-${i}`}>
              {`${problem.code ? `${problem.code} ` : ''}${problem.field ? `(${problem.field}) ` : ''}${problem.message.replace(/^\d+: /, '')}`}
            </List.Item>
          ))}
        </List>
      </Alert>
    ) : null}
    {detail.cancelledIrn ? (
      <FieldList>
        <Field label={et('einvoice.cancelledIrn')}>
          <Code style={{ wordBreak: 'break-all' }}>{detail.cancelledIrn}</Code>
        </Field>
        <Field label={et('einvoice.cancelledAt')}>{detail.cancelledAt ? formatIstDateTime(detail.cancelledAt) : null}</Field>
        <Field label={et('einvoice.reason')}>
          {detail.cancelReasonCode
            ? `${EINVOICE_CANCEL_REASON_TEXT[detail.cancelReasonCode as EinvoiceCancelReason] ?? detail.cancelReasonCode} — ${detail.cancelRemark ?? ''}`
            : null}
        </Field>
      </FieldList>
    ) : null}
  </Stack>
);

export const EinvoiceDetailDrawer = ({ documentId, onClose }: { documentId: number | null; onClose: () => void }) => {
  const query = useQuery({
    queryKey: einvoiceKeys.detail(documentId ?? 0),
    queryFn: () => einvoiceDetail(documentId ?? 0),
    enabled: documentId !== null,
  });
  return (
    <DetailDrawer
      opened={documentId !== null}
      onClose={onClose}
      title={query.data ? et('einvoice.detailTitle', { number: query.data.documentNumber }) : et('einvoice.title')}
      testId="einvoice-drawer"
    >
      {query.isError ? (
        <Alert color="red" variant="light">
          {loadFailureText(query.error, 'The e-invoice could not be loaded. Please try again.')}
        </Alert>
      ) : query.data ? (
        <DetailBody detail={query.data} />
      ) : null}
    </DetailDrawer>
  );
};
