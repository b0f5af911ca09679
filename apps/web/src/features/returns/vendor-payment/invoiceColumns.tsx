import { Stack, Text } from '@mantine/core';
import { vendorPaymentText as vp, type VendorInvoice } from '@opengst/contracts';
import { formatDate } from '../../../shared/format';
import type { Column } from '../../../shared/list/DataTable';
import { ClockCell, HoldCell, moneyColumn } from './vendorPaymentCells';

// The columns of an invoice of a supplier, as the invoice screen and the pay screen list them.

export const invoiceColumn: Column<VendorInvoice> = {
  key: 'invoice',
  header: vp('vendorPayment.documentNumber'),
  width: 190,
  render: (invoice) => (
    <Stack gap={0}>
      <Text size="sm" ff="monospace">
        {invoice.documentNumber}
      </Text>
      <Text size="xs" c="dimmed">
        {`${formatDate(invoice.documentDate)} · ${invoice.gstin}`}
      </Text>
    </Stack>
  ),
};

export const invoiceColumns: Column<VendorInvoice>[] = [
  invoiceColumn,
  moneyColumn('invoiceValue', vp('vendorPayment.invoiceValue'), (i) => i.invoiceValue),
  moneyColumn('tax', vp('vendorPayment.tax'), (i) => i.tax),
  moneyColumn('paid', vp('vendorPayment.paid'), (i) => i.paid),
  { key: 'status', header: vp('vendorPayment.status'), width: 230, render: (invoice) => <HoldCell invoice={invoice} /> },
  moneyColumn('payableNow', vp('vendorPayment.payableNow'), (i) => i.payableNow),
  moneyColumn('holdNow', vp('vendorPayment.holdNow'), (i) => i.holdNow, 'hold'),
  moneyColumn('held', vp('vendorPayment.held'), (i) => i.held),
  moneyColumn('releasable', vp('vendorPayment.releasable'), (i) => i.releasable, 'release'),
  { key: 'clock', header: vp('vendorPayment.dueDate'), width: 120, render: (invoice) => <ClockCell invoice={invoice} /> },
];
