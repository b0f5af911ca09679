import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  EINVOICE_CANCEL_REASON_TEXT,
  EINVOICE_CANCEL_REASONS,
  EINVOICE_CANCEL_REMARK_MAX,
  einvoiceText as et,
  type EinvoiceCancelReason,
  type EinvoiceResult,
} from '@opengst/contracts';
import { cancelIrns } from './einvoiceApi';

// Cancel IRN (NIC e-invoice API, Cancel IRN): a reason code and a remark for the selected documents; the IRP's answer
// for each comes back as it words it (2270 after 24 hours, 2230 while an e-way bill is active).

type Props = {
  opened: boolean;
  documentIds: readonly number[];
  onClose: () => void;
  onDone: (results: EinvoiceResult[]) => void;
};

export const CancelIrnModal = ({ opened, documentIds, onClose, onDone }: Props) => {
  const [reason, setReason] = useState<EinvoiceCancelReason>('2');
  const [remark, setRemark] = useState('');
  const [isSending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      onDone(await cancelIrns({ documentIds: [...documentIds], reasonCode: reason, remark: remark.trim() }));
      setRemark('');
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={et('einvoice.cancelTitle', { n: documentIds.length })} size="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {et('einvoice.cancelRule')}
        </Text>
        <Select
          size="xs"
          label={et('einvoice.cancelReason')}
          data={EINVOICE_CANCEL_REASONS.map((code) => ({ value: code, label: `${code} ${EINVOICE_CANCEL_REASON_TEXT[code]}` }))}
          value={reason}
          onChange={(value) => value && setReason(value as EinvoiceCancelReason)}
          allowDeselect={false}
          data-testid="einvoice-cancel-reason"
        />
        <TextInput
          size="xs"
          label={et('einvoice.cancelRemark')}
          value={remark}
          maxLength={EINVOICE_CANCEL_REMARK_MAX}
          onChange={(event) => setRemark(event.currentTarget.value)}
          required
          data-testid="einvoice-cancel-remark"
        />
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onClose}>
            {et('einvoice.close')}
          </Button>
          <Button
            size="xs"
            color="red"
            loading={isSending}
            disabled={remark.trim() === ''}
            onClick={() => void send()}
            data-testid="einvoice-cancel-confirm"
          >
            {et('einvoice.cancelConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
