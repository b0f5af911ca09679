import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EWAYBILL_DOCUMENT_TYPE_VALUES,
  EWAYBILL_STATUS_TEXT,
  ewaybillText as wt,
  type DocumentDetail,
  type EwaybillStatus,
} from '@opengst/contracts';
import { formatIstDateTime } from '../../shared/format';
import { notifySuccess } from '../../shared/notifySuccess';
import { useRights } from '../../shared/useRights';
import { EwaybillActionModal } from './EwaybillActionModal';
import { EwaybillStatusBadge } from './EwaybillStatusBadge';
import { ewaybillDetail, ewaybillKeys } from './ewaybillApi';
import { timeLeftText } from './validity';

// The document screen's "Generate e-way bill" (issue 22): for a saved final sales document an e-way bill is made of
// (NIC docType INV, BIL, BOE, CHL, OTH), its e-way bill with the validity and the time left, or the action. The
// document screen receives it from the composition root (app/screens.ts), as no feature imports another.

export type EwaybillDocument = Pick<DocumentDetail, 'id' | 'direction' | 'isDraftDocument' | 'documentType'>;

/** Whether the document is one an e-way bill is made of (the server's eligibility rule, ewaybill.repo.ts). */
export const movesGoods = (d: EwaybillDocument): boolean =>
  d.direction === 'Sales' && !d.isDraftDocument && (EWAYBILL_DOCUMENT_TYPE_VALUES as readonly string[]).includes(d.documentType);

const CAN_GENERATE: readonly EwaybillStatus[] = ['YetNotGenerated', 'Error', 'Cancelled', 'Rejected'];

export const EwaybillDocumentAction = ({ document }: { document: EwaybillDocument }) => {
  const queryClient = useQueryClient();
  const rights = useRights(['EWayBillView', 'EWayBillGenerate']);
  const isEligible = movesGoods(document);
  const query = useQuery({
    queryKey: ewaybillKeys.detail(document.id),
    queryFn: () => ewaybillDetail(document.id),
    enabled: isEligible && (rights.EWayBillView || rights.EWayBillGenerate),
  });
  const [isOpen, setOpen] = useState(false);
  if (!isEligible || !query.data) return null;
  const detail = query.data;
  return (
    <Group gap="xs" wrap="wrap" data-testid="document-ewaybill">
      <Text size="xs" c="dimmed">
        {wt('ewaybill.documentLabel')}
      </Text>
      <EwaybillStatusBadge status={detail.status} />
      {detail.ewbNumber && !CAN_GENERATE.includes(detail.status) ? (
        <Text size="xs" ff="monospace" data-testid="document-ewaybill-number">
          {`${wt('ewaybill.documentNumber', {
            number: detail.ewbNumber,
            until: detail.validUntil ? formatIstDateTime(detail.validUntil) : '—',
          })} (${timeLeftText(detail.validUntil, Date.now())})`}
        </Text>
      ) : rights.EWayBillGenerate ? (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconTruck size={14} />}
          onClick={() => setOpen(true)}
          data-testid="document-generate-ewaybill"
        >
          {wt('ewaybill.generate')}
        </Button>
      ) : null}
      <EwaybillActionModal
        key={isOpen ? 'open' : 'closed'}
        kind={isOpen ? 'generate' : null}
        documentId={document.id}
        onClose={() => setOpen(false)}
        onDone={(result) => {
          setOpen(false);
          if ('status' in result)
            notifySuccess(wt('ewaybill.done', { number: result.ewbNumber ?? '', status: EWAYBILL_STATUS_TEXT[result.status] }));
          void queryClient.invalidateQueries({ queryKey: ewaybillKeys.all });
        }}
      />
    </Group>
  );
};
