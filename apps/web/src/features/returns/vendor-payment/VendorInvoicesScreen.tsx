import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { vendorPaymentText as vp } from '@opengst/contracts';
import { DataTable } from '../../../shared/list/DataTable';
import { loadFailureText } from '../../../shared/loadFailure';
import { invoiceColumns } from './invoiceColumns';
import { payLink, vendorInvoices, vendorPaymentKeys } from './vendorPaymentApi';

// /initiate-payment-invoice "Payment Tax Invoice" (spec core §2, empty sidebar): one supplier's open invoices with the
// reconciliation's status, why GST is held on each, what is payable now and the Rule 37 clock; choose what to pay.

export const VendorInvoicesScreen = () => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const supplierGstin = params.get('supplierGstin') ?? '';
  const [selected, setSelected] = useState<number[]>([]);
  const query = useQuery({
    queryKey: vendorPaymentKeys.invoices([supplierGstin]),
    queryFn: () => vendorInvoices([supplierGstin]),
    enabled: supplierGstin !== '',
  });
  const invoices = query.data ?? [];
  const name = invoices.find((i) => i.supplierName)?.supplierName;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Stack gap={0}>
          <Text fw={600}>{name ?? supplierGstin}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {supplierGstin}
          </Text>
        </Stack>
        <Anchor component={Link} to="/initiate-payment" size="sm" data-testid="invoices-back">
          {vp('vendorPayment.back')}
        </Anchor>
      </Group>
      {supplierGstin === '' ? (
        <Alert color="yellow" variant="light" data-testid="invoices-no-supplier">
          {vp('vendorPayment.nothingChosen')}
        </Alert>
      ) : query.isError ? (
        <Alert color="red" variant="light" data-testid="invoices-failed">
          {loadFailureText(query.error, vp('vendorPayment.loadFailed'))}
        </Alert>
      ) : (
        <DataTable
          columns={invoiceColumns}
          rows={invoices}
          rowId={(invoice) => invoice.documentId}
          rowTestId={(invoice) => `invoice-${invoice.documentNumber}`}
          rowLabel={(invoice) => invoice.documentNumber}
          totalRecords={invoices.length}
          isLoading={query.isPending}
          emptyText={vp('vendorPayment.invoicesEmpty')}
          selection={{
            selected,
            onChange: setSelected,
            actions: (
              <Button size="compact-xs" onClick={() => void navigate(payLink([supplierGstin], selected))} data-testid="invoices-pay">
                {vp('vendorPayment.payInvoices')}
              </Button>
            ),
          }}
          rowHeight={52}
        />
      )}
    </Stack>
  );
};
