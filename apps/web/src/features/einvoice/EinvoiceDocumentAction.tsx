import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EINVOICE_DOCUMENT_TYPE_VALUES, EINVOICE_SUPPLY_TYPE_VALUES, einvoiceText as et, type DocumentDetail } from '@opengst/contracts';
import { formatIstDateTime } from '../../shared/format';
import { notifySuccess } from '../../shared/notifySuccess';
import { RefusalAlert } from '../../shared/RefusalAlert';
import { useRights } from '../../shared/useRights';
import { EinvoicePrintButtons } from './EinvoicePrintButtons';
import { EinvoiceStatusBadge } from './EinvoiceStatusBadge';
import { einvoiceDetail, einvoiceKeys, generateIrns } from './einvoiceApi';

// The document screen's "Generate IRN" (issue 22): for a saved final sales document that needs an IRN (Rule 48(4): a
// B2B, SEZ or export invoice, credit or debit note), its e-invoice status with the IRN and Ack No., or the action.
// The document screen receives it from the composition root (app/screens.ts), as no feature imports another.

export type EinvoiceDocument = Pick<
  DocumentDetail,
  'id' | 'direction' | 'isDraftDocument' | 'documentType' | 'supplyType' | 'counterpartyGstin'
>;

/** Whether the document is one the IRP registers (the server's eligibility rule, einvoice.repo.ts). */
export const needsIrn = (d: EinvoiceDocument): boolean =>
  d.direction === 'Sales' &&
  !d.isDraftDocument &&
  (EINVOICE_DOCUMENT_TYPE_VALUES as readonly string[]).includes(d.documentType) &&
  ((EINVOICE_SUPPLY_TYPE_VALUES as readonly string[]).includes(d.supplyType ?? '') || (!d.supplyType && !!d.counterpartyGstin));

export const EinvoiceDocumentAction = ({ document }: { document: EinvoiceDocument }) => {
  const queryClient = useQueryClient();
  const rights = useRights(['EInvoiceView', 'EInvoiceGenerate']);
  const isEligible = needsIrn(document);
  const query = useQuery({
    queryKey: einvoiceKeys.detail(document.id),
    queryFn: () => einvoiceDetail(document.id),
    enabled: isEligible && (rights.EInvoiceView || rights.EInvoiceGenerate),
  });
  const [isWorking, setWorking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!isEligible || !query.data) return null;
  const detail = query.data;
  const hasIrn = detail.status === 'Generated' || detail.status === 'Regenerated';

  const generate = async () => {
    setWorking(true);
    setRefusal(null);
    try {
      const [result] = (await generateIrns([document.id])).results;
      if (result?.irn) notifySuccess(et('einvoice.generatedOne', { irn: result.irn }));
      else if (result?.message) setRefusal(et('einvoice.refusedOne', { message: result.message }));
      await queryClient.invalidateQueries({ queryKey: einvoiceKeys.all });
    } finally {
      setWorking(false);
    }
  };

  return (
    <Group gap="xs" wrap="wrap" data-testid="document-einvoice">
      <Text size="xs" c="dimmed">
        {et('einvoice.documentLabel')}
      </Text>
      <EinvoiceStatusBadge status={detail.status} />
      {hasIrn ? (
        <>
          <Text size="xs" ff="monospace" data-testid="document-einvoice-irn">
            {et('einvoice.documentIrn', {
              irn: detail.irn ?? '',
              ackNo: detail.ackNo ?? '',
              ackDate: detail.ackDate ? formatIstDateTime(detail.ackDate) : '',
            })}
          </Text>
          <EinvoicePrintButtons documentId={document.id} documentNumber={detail.documentNumber} />
        </>
      ) : rights.EInvoiceGenerate ? (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconFileCertificate size={14} />}
          loading={isWorking || detail.status === 'InProgress'}
          onClick={() => void generate()}
          data-testid="document-generate-irn"
        >
          {et('einvoice.documentAction')}
        </Button>
      ) : null}
      {!refusal && detail.status === 'ERROR' ? (
        <Text size="xs" c="red" data-testid="document-einvoice-error">
          {detail.errorMessage}
        </Text>
      ) : null}
      {refusal ? <RefusalAlert messages={[refusal]} testId="document-einvoice-refused" /> : null}
    </Group>
  );
};
