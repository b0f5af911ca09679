import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { einvoiceText as et } from '@opengst/contracts';
import { downloadBlob } from '../../shared/ExportButton';
import { printEinvoice } from './einvoiceApi';

// "Print invoice" and "Download PDF" of a document whose IRN stands: the server prints the tax invoice with the
// Rule 46 particulars, the IRN, Ack No. and date and the QR code of the signed QR. Print loads the PDF in a hidden
// frame and opens the browser's print dialog on it; Download saves it.

/** "e-invoice-INV-0001.pdf": the document number with the characters a file name refuses replaced. */
export const printFileName = (documentNumber: string): string => `e-invoice-${documentNumber.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;

const printBlob = (blob: Blob): void => {
  const url = URL.createObjectURL(blob);
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.title = et('einvoice.print');
  frame.src = url;
  frame.onload = () => {
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
    // The dialog holds the frame's document until it closes; the frame goes with the next print or the page.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  document.body.querySelectorAll('iframe[data-einvoice-print]').forEach((old) => old.remove());
  frame.setAttribute('data-einvoice-print', 'true');
  document.body.appendChild(frame);
};

export const EinvoicePrintButtons = ({ documentId, documentNumber }: { documentId: number; documentNumber: string }) => {
  const [busy, setBusy] = useState<'print' | 'download' | null>(null);
  const [failed, setFailed] = useState(false);
  const run = async (action: 'print' | 'download') => {
    setBusy(action);
    setFailed(false);
    try {
      const blob = await printEinvoice(documentId);
      if (action === 'print') printBlob(blob);
      else downloadBlob(blob, printFileName(documentNumber));
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconPrinter size={14} />}
        loading={busy === 'print'}
        onClick={() => void run('print')}
        data-testid="einvoice-print"
      >
        {et('einvoice.print')}
      </Button>
      <Button
        size="compact-xs"
        variant="default"
        leftSection={<IconDownload size={14} />}
        loading={busy === 'download'}
        onClick={() => void run('download')}
        data-testid="einvoice-download-pdf"
      >
        {et('einvoice.downloadPdf')}
      </Button>
      {failed ? (
        <Text size="xs" c="red" role="alert">
          {et('einvoice.printFailed')}
        </Text>
      ) : null}
    </Group>
  );
};
