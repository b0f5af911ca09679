import { useState, type DragEvent } from 'react';
import { Alert, Button, Code, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconFileUpload } from '@tabler/icons-react';
import {
  EINVOICE_QR_EXTENSIONS,
  EINVOICE_QR_MAX_BYTES,
  EINVOICE_STATUS_TEXT,
  einvoiceText as et,
  type EinvoiceQrRead,
  type EinvoiceTextKey,
} from '@opengst/contracts';
import { ApiError } from '../../api/http';
import { Amount } from '../../shared/payments/paymentCells';
import { useRights } from '../../shared/useRights';
import { EinvoiceDetailDrawer } from './EinvoiceDetailDrawer';
import { readEinvoiceQr } from './einvoiceApi';
import dropZone from '../../shared/FileDropZone.module.css';
import classes from './EinvoiceViaPdfQr.module.css';

// /einvoice-via-pdf-qrcode (spec core §2, §5; issue 22): one PDF, JPG, PNG or TXT file; the server reads the signed QR
// code from it (from the image inside a PDF), checks the IRP's signature and looks the IRN up among the user's
// e-invoices. The screen shows what the QR says, whose certificate the signature was checked against, and the
// document that holds the IRN (opened in the e-invoice drawer), or why nothing could be read.

const PAYLOAD_KEYS = [
  'SellerGstin',
  'BuyerGstin',
  'DocNo',
  'DocTyp',
  'DocDt',
  'TotInvVal',
  'ItemCnt',
  'MainHsnCode',
  'Irn',
  'IrnDt',
] as const;

const sizeText = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`;
const LIMIT = sizeText(EINVOICE_QR_MAX_BYTES);
const hasAllowedExtension = (name: string): boolean =>
  (EINVOICE_QR_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');

const SIGNATURE_TEXT: Record<EinvoiceQrRead['signatureStatus'], Record<EinvoiceQrRead['certificateSource'], EinvoiceTextKey>> = {
  Verified: {
    Sandbox: 'einvoiceQr.verifiedSandbox',
    Configured: 'einvoiceQr.verifiedConfigured',
    Published: 'einvoiceQr.verifiedPublished',
  },
  Failed: { Sandbox: 'einvoiceQr.failedSandbox', Configured: 'einvoiceQr.failedConfigured', Published: 'einvoiceQr.failedPublished' },
  Unavailable: { Sandbox: 'einvoiceQr.unavailable', Configured: 'einvoiceQr.unavailable', Published: 'einvoiceQr.unavailable' },
};
const SIGNATURE_LOOK = {
  Verified: { color: 'green', icon: <IconCircleCheck size={16} aria-hidden /> },
  Failed: { color: 'red', icon: <IconCircleX size={16} aria-hidden /> },
  Unavailable: { color: 'yellow', icon: <IconAlertTriangle size={16} aria-hidden /> },
} as const;

/**
 * The IRP's dates as UI.md has them (DD-MM-YYYY): DocDt "dd/mm/yyyy", IrnDt "yyyy-MM-dd HH:mm:ss" (IST); anything
 * else as it came.
 */
const dateText = (name: 'DocDt' | 'IrnDt', value: string): string => {
  if (name === 'DocDt') return value.replace(/^(\d{2})\/(\d{2})\/(\d{4})$/, '$1-$2-$3');
  return value.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$3-$2-$1');
};

const PayloadValue = ({ name, result }: { name: (typeof PAYLOAD_KEYS)[number]; result: EinvoiceQrRead }) => {
  const value = result.payload[name];
  if (name === 'TotInvVal') return <Amount paise={Math.round(Number(value) * 100)} testId="einvoice-qr-value" />;
  if (name === 'DocDt' || name === 'IrnDt') return <Text size="sm">{dateText(name, String(value))}</Text>;
  return (
    <Text size="sm" ff={name === 'Irn' ? 'monospace' : undefined} style={{ wordBreak: 'break-all' }}>
      {String(value)}
    </Text>
  );
};

const QrResult = ({ result, onOpen }: { result: EinvoiceQrRead; onOpen: ((documentId: number) => void) | null }) => {
  const look = SIGNATURE_LOOK[result.signatureStatus];
  const known = result.knownDocument;
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="einvoice-qr-result">
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          {et('einvoiceQr.readFrom', { name: result.fileName, type: result.fileType })}
        </Text>
        <Alert
          color={look.color}
          variant="light"
          py={6}
          icon={look.icon}
          data-testid="einvoice-qr-signature"
          data-status={result.signatureStatus}
        >
          {et(SIGNATURE_TEXT[result.signatureStatus][result.certificateSource])}
        </Alert>
        <Title order={6}>{et('einvoiceQr.payload')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6} data-testid="einvoice-qr-payload">
          {PAYLOAD_KEYS.map((name) => (
            <Stack key={name} gap={0} data-testid={`einvoice-qr-${name}`}>
              <Text size="xs" c="dimmed">
                {et(`einvoiceQr.${name}`)}
              </Text>
              <PayloadValue name={name} result={result} />
            </Stack>
          ))}
        </SimpleGrid>
        {known ? (
          <Group gap="sm" wrap="wrap" data-testid="einvoice-qr-known">
            <Text size="sm">
              {known.isCancelled
                ? et('einvoiceQr.knownCancelled', { number: known.documentNumber, location: known.entityName })
                : et('einvoiceQr.known', {
                    number: known.documentNumber,
                    location: known.entityName,
                    status: EINVOICE_STATUS_TEXT[known.status],
                  })}
            </Text>
            {onOpen ? (
              <Button size="compact-xs" variant="light" onClick={() => onOpen(known.documentId)} data-testid="einvoice-qr-open">
                {et('einvoiceQr.open')}
              </Button>
            ) : null}
          </Group>
        ) : (
          <Text size="sm" c="dimmed" data-testid="einvoice-qr-unknown">
            {et('einvoiceQr.unknown')}
          </Text>
        )}
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {et('einvoiceQr.signedText')}
          </Text>
          {/* Scrolls when long: focusable so a keyboard can scroll it (WCAG 2.1.1). */}
          <Code block className={classes.jws} tabIndex={0} aria-label={et('einvoiceQr.signedText')}>
            {result.signedQrCode}
          </Code>
        </Stack>
      </Stack>
    </Paper>
  );
};

export const EinvoiceViaPdfQrScreen = () => {
  const rights = useRights(['EInvoiceView', 'EInvoiceGenerate']);
  const [file, setFile] = useState<File | null>(null);
  const [isDragging, setDragging] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [result, setResult] = useState<EinvoiceQrRead | null>(null);
  const [opened, setOpened] = useState<number | null>(null);

  const problem = !file
    ? null
    : !hasAllowedExtension(file.name)
      ? et('einvoiceQr.wrongType', { name: file.name })
      : file.size > EINVOICE_QR_MAX_BYTES
        ? et('einvoiceQr.tooLarge', { name: file.name, size: sizeText(file.size), limit: LIMIT })
        : null;

  const choose = (chosen: File | undefined) => {
    setFailure(null);
    setResult(null);
    setFile(chosen ?? null);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (sent === null) choose(event.dataTransfer.files[0]);
  };

  const read = async () => {
    if (!file || problem) return;
    setFailure(null);
    setResult(null);
    setSent(0);
    try {
      setResult(await readEinvoiceQr(file, setSent));
    } catch (error) {
      const messages = error instanceof ApiError ? error.items.map((item) => item.message) : [];
      setFailure(messages.length > 0 ? messages : [et('einvoiceQr.failed')]);
    } finally {
      setSent(null);
    }
  };

  const isSending = sent !== null;
  return (
    <Stack gap="sm" maw={900}>
      <Text size="sm" c="dimmed">
        {et('einvoiceQr.intro')}
      </Text>
      <Paper withBorder radius="sm" p="sm">
        <Stack gap="sm">
          <label
            className={dropZone.dropZone}
            data-dragging={isDragging}
            data-disabled={isSending}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="einvoice-qr-drop"
          >
            <input
              type="file"
              className={dropZone.fileInput}
              accept={EINVOICE_QR_EXTENSIONS.map((e) => `.${e}`).join(',')}
              aria-label={et('einvoiceQr.file')}
              disabled={isSending}
              onChange={(event) => {
                choose(event.currentTarget.files?.[0]);
                event.currentTarget.value = '';
              }}
              data-testid="einvoice-qr-file"
            />
            <Group gap="xs" wrap="nowrap">
              <IconFileUpload size={20} stroke={1.5} aria-hidden />
              <Text size="sm" c={file ? undefined : 'dimmed'} data-testid="einvoice-qr-file-name">
                {file
                  ? et('einvoiceQr.fileChosen', { name: file.name, size: sizeText(file.size) })
                  : et('einvoiceQr.dropHint', { limit: LIMIT })}
              </Text>
            </Group>
          </label>
          {problem ? (
            <Text size="xs" c="red" role="alert" data-testid="einvoice-qr-problem">
              {problem}
            </Text>
          ) : null}
          <Group gap="sm">
            <Button
              size="xs"
              onClick={() => void read()}
              disabled={!file || problem !== null}
              loading={isSending}
              data-testid="einvoice-qr-read"
            >
              {et('einvoiceQr.read')}
            </Button>
            {isSending ? <Progress value={(sent ?? 0) * 100} size="sm" w={200} aria-label={et('einvoiceQr.read')} /> : null}
          </Group>
          {failure ? (
            <Alert color="red" variant="light" p="xs" title={et('einvoiceQr.failed')} data-testid="einvoice-qr-error">
              {failure.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Alert>
          ) : null}
        </Stack>
      </Paper>
      {result ? (
        <QrResult
          result={result}
          // The drawer needs the e-invoice view right; without it the document is named, not opened.
          onOpen={rights.EInvoiceView || rights.EInvoiceGenerate ? setOpened : null}
        />
      ) : null}
      <EinvoiceDetailDrawer documentId={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
};
