import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Select, Stack, Table, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import {
  IRP_INVOICE_STATUS_TEXT,
  IRP_PORTAL_ENDPOINTS,
  type IrpCancelReason,
  type IrpInvoice,
  type IrpInvoiceStatus,
  type IrpLoadSettings,
} from '@opengst/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call';
import { ApiError } from '../../api/http';
import { useText, type Translate } from '../../i18n/useText';
import { notifySuccess } from '../../shared/notifySuccess';
import { formatDateTime } from '../../shared/format';
import { IrpPortalLayout } from './IrpPortalLayout';
import { irpKeys, irpOptions, readIrpToken } from './irpSession';

/** The IRP's dd/mm/yyyy as the product shows dates (DD-MM-YYYY). */
export const dateOfIrp = (date: string): string => date.replace(/\//g, '-');
/** The IRP's 'yyyy-MM-dd HH:mm:ss' (IST) as DD-MM-YYYY HH:mm. */
export const stampOfIrp = (stamp: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})/.exec(stamp);
  return match ? `${match[3]}-${match[2]}-${match[1]} ${match[4]}` : stamp;
};

/** Why an IRN cannot be cancelled now, or null: cancelled already, an e-way bill on it, or past its 24 hours (Rule 48(4)). */
export const cancelBlockOf = (invoice: IrpInvoice, now: Date, t: Translate): string | null => {
  if (invoice.status === 'CNL') return IRP_INVOICE_STATUS_TEXT.CNL;
  if (invoice.ewbNo) return t('irpPortal.einvoices.cancelWithEwb');
  if (new Date(invoice.cancellableUntil).getTime() <= now.getTime()) return t('irpPortal.einvoices.cancelWindowOver');
  return null;
};

const CancelModal = ({ invoice, settings, onClose }: { invoice: IrpInvoice; settings: IrpLoadSettings; onClose: () => void }) => {
  const t = useText();
  const client = useQueryClient();
  const [reason, setReason] = useState<IrpCancelReason | null>(null);
  const [remarks, setRemarks] = useState('');
  const cancel = useMutation({
    mutationFn: () =>
      call(IRP_PORTAL_ENDPOINTS.cancel, { body: { irn: invoice.irn, reason: reason ?? '4', remarks } }, { ...irpOptions(), silent: true }),
    onSuccess: async () => {
      notifySuccess(t('irpPortal.einvoices.cancelled'));
      await client.invalidateQueries({ queryKey: ['irp-portal'] });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('irpPortal.einvoices.cancel')} size="lg">
      <Stack gap="sm">
        <Text size="sm">
          {invoice.docType} {invoice.docNo} · {dateOfIrp(invoice.docDate)}
        </Text>
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {invoice.irn}
        </Text>
        <Select
          label={t('irpPortal.einvoices.reason')}
          required
          data={settings.cancelReasons.map((r) => ({ value: r.code, label: `${r.code} – ${r.text}` }))}
          value={reason}
          onChange={(value) => setReason(value as IrpCancelReason | null)}
          data-testid="irp-cancel-reason"
        />
        <Textarea
          label={t('irpPortal.einvoices.remarks')}
          required
          maxLength={100}
          value={remarks}
          onChange={(e) => setRemarks(e.currentTarget.value)}
          data-testid="irp-cancel-remarks"
        />
        {cancel.error && (
          <Alert color="red" variant="light" role="alert">
            {cancel.error instanceof ApiError ? cancel.error.message : String(cancel.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            color="red"
            disabled={!reason || remarks.trim() === ''}
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
            data-testid="irp-cancel-confirm"
          >
            {t('irpPortal.einvoices.confirmCancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

const Invoices = ({ settings }: { settings: IrpLoadSettings }) => {
  const t = useText();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<IrpInvoiceStatus | null>(null);
  const [filters, setFilters] = useState<{ search?: string; status?: IrpInvoiceStatus }>({});
  const [cancelling, setCancelling] = useState<IrpInvoice | null>(null);
  const size = settings.pageSize;
  const list = useInfiniteQuery({
    queryKey: irpKeys.invoices(readIrpToken(), filters),
    queryFn: ({ pageParam }) => call(IRP_PORTAL_ENDPOINTS.invoices, { body: { start: pageParam, size, filters } }, irpOptions()),
    // IRNs arrive from the client systems at any time: the list is read afresh whenever it is shown.
    staleTime: 0,
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.items.length, 0);
      return loaded < last.totalRecords ? loaded : undefined;
    },
  });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.totalRecords ?? 0;
  const now = new Date();
  const apply = () => setFilters({ ...(search.trim() ? { search: search.trim() } : {}), ...(status ? { status } : {}) });

  return (
    <Stack gap="sm">
      <Group
        gap="sm"
        align="flex-end"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <TextInput
          label={t('irpPortal.einvoices.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={360}
          size="sm"
          data-testid="irp-search"
        />
        <Select
          label={t('irpPortal.einvoices.status')}
          placeholder={t('irpPortal.einvoices.allStatuses')}
          clearable
          size="sm"
          w={180}
          data={(['ACT', 'CNL'] as const).map((s) => ({ value: s, label: IRP_INVOICE_STATUS_TEXT[s] }))}
          value={status}
          onChange={(value) => setStatus(value as IrpInvoiceStatus | null)}
        />
        <Button type="submit" size="sm" variant="default" data-testid="irp-search-apply">
          {t('irpPortal.einvoices.apply')}
        </Button>
        <Text size="sm" c="dimmed" ml="auto" data-testid="irp-total">
          {t('irpPortal.einvoices.total', { count: total })}
        </Text>
      </Group>
      {list.isSuccess && items.length === 0 ? (
        <Alert variant="light" color="gray">
          {t('irpPortal.einvoices.empty')}
        </Alert>
      ) : (
        <Table striped highlightOnHover stickyHeader fz="sm" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('irpPortal.einvoices.document')}</Table.Th>
              <Table.Th>{t('irpPortal.einvoices.irn')}</Table.Th>
              <Table.Th>{t('irpPortal.einvoices.ackNo')}</Table.Th>
              <Table.Th>{t('irpPortal.einvoices.ackDate')}</Table.Th>
              <Table.Th>{t('irpPortal.einvoices.status')}</Table.Th>
              <Table.Th>{t('irpPortal.einvoices.ewbNo')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((invoice) => {
              const block = cancelBlockOf(invoice, now, t);
              return (
                <Table.Tr key={invoice.irn} data-testid={`irp-row-${invoice.docNo}`}>
                  <Table.Td>
                    {invoice.docType} {invoice.docNo}
                    <Text size="xs" c="dimmed">
                      {dateOfIrp(invoice.docDate)}
                    </Text>
                  </Table.Td>
                  <Table.Td ff="monospace" fz="xs" title={invoice.irn}>
                    {invoice.irn.slice(0, 16)}…{invoice.irn.slice(-6)}
                  </Table.Td>
                  <Table.Td ff="monospace" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {invoice.ackNo}
                  </Table.Td>
                  <Table.Td>{stampOfIrp(invoice.ackDate)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={invoice.status === 'ACT' ? 'green' : 'gray'}>
                      {IRP_INVOICE_STATUS_TEXT[invoice.status]}
                    </Badge>
                    {invoice.cancelledAt && (
                      <Text size="xs" c="dimmed">
                        {formatDateTime(invoice.cancelledAt)} · {invoice.cancelReason} {invoice.cancelRemarks}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{invoice.ewbNo ?? '—'}</Table.Td>
                  <Table.Td>
                    {invoice.status === 'ACT' && (
                      <Tooltip label={block ?? ''} disabled={block === null} multiline w={260}>
                        <span>
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            disabled={block !== null}
                            onClick={() => setCancelling(invoice)}
                            data-testid={`irp-cancel-${invoice.docNo}`}
                            aria-description={block ?? undefined}
                          >
                            {t('irpPortal.einvoices.cancel')}
                          </Button>
                        </span>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {list.hasNextPage && (
        <Button variant="default" size="xs" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('irpPortal.einvoices.loadMore')}
        </Button>
      )}
      {cancelling && <CancelModal invoice={cancelling} settings={settings} onClose={() => setCancelling(null)} />}
    </Stack>
  );
};

/** /irp-portal: the e-invoices of the signed-in GSTIN, searched by IRN or document, with cancel inside 24 hours. */
export const IrpInvoicesScreen = () => <IrpPortalLayout>{(settings) => <Invoices settings={settings} />}</IrpPortalLayout>;
