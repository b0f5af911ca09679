import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PAYMENT_MODES } from '@opengst/domain';
import { CHALLAN_BANKS, paymentsText as pt, type Challan } from '@opengst/contracts';
import { ExportButton } from '../../../shared/ExportButton';
import { formatDate } from '../../../shared/format';
import { loadFailureText } from '../../../shared/loadFailure';
import { notifySuccess } from '../../../shared/notifySuccess';
import { ChallanStatusBadge, HeadMinorTable } from '../../../shared/payments/paymentCells';
import { needsPortalSession, refusalText, type PortalSessionSlot } from '../../../shared/payments/portalSessionStep';
import { challanDetail, downloadChallanPdf, payChallanInSandbox, paymentKeys, refreshChallan } from './paymentsApi';

// /gst-challan-pay (spec core §2, direct access; the GST challan right): one challan's payment step. A challan is paid
// at the bank, which gives it a CIN (Rule 87(6)); when this installation talks to the project's portal sandbox the
// payment is made here at the sandbox's simulated bank, and the screen says so. Either way the challan can be read
// back from the portal (paid elsewhere, expired) and downloaded as PMT-06.

const Field = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" data-testid={testId}>
      {value || '—'}
    </Text>
  </Stack>
);

const ChallanFacts = ({ challan }: { challan: Challan }) => (
  <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
    <Field label={pt('challan.cpin')} value={challan.cpin} testId="pay-cpin" />
    <Field label={pt('challan.gstin')} value={`${challan.gstin} · ${challan.entityName}`} />
    <Field label={pt('challan.createdOn')} value={formatDate(challan.createdOn)} />
    <Field label={pt('challan.validUntil')} value={formatDate(challan.validUntil)} testId="pay-valid-until" />
    <Field label={pt('challan.mode')} value={PAYMENT_MODES[challan.mode].label} />
    <Field label={pt('challan.bank')} value={CHALLAN_BANKS[challan.bankCode] ?? challan.bankCode} />
    <Field label={pt('challan.cin')} value={challan.cin ?? ''} testId="pay-cin" />
    <Field label={pt('challan.paidOn')} value={challan.paidOn ? formatDate(challan.paidOn) : ''} />
  </SimpleGrid>
);

export const GstChallanPayScreen = ({ portalSession: PortalSession }: { portalSession?: PortalSessionSlot | undefined }) => {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const queryClient = useQueryClient();
  const hasId = Number.isInteger(id) && id > 0;
  const detail = useQuery({ queryKey: paymentKeys.challan(id), queryFn: () => challanDetail(id), enabled: hasId });
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ text: string; needsSession: boolean } | null>(null);

  const act = async (work: () => Promise<Challan>, success: (challan: Challan) => string) => {
    setBusy(true);
    setRefusal(null);
    try {
      const challan = await work();
      queryClient.setQueryData(paymentKeys.challan(id), challan);
      await queryClient.invalidateQueries({ queryKey: [...paymentKeys.all, 'challans'] });
      notifySuccess(success(challan));
    } catch (error) {
      setRefusal({ text: refusalText(error), needsSession: needsPortalSession(error) });
    } finally {
      setBusy(false);
    }
  };

  if (!hasId)
    return (
      <Alert color="red" variant="light" data-testid="pay-no-challan">
        <Anchor component={Link} to="/gst-challans">
          {pt('challan.title')}
        </Anchor>
      </Alert>
    );
  if (detail.isPending) return <Loader size="sm" />;
  if (detail.isError)
    return (
      <Alert color="red" variant="light" data-testid="pay-failed">
        {loadFailureText(detail.error, 'The challan could not be loaded. Please try again.')}
      </Alert>
    );
  const challan = detail.data;
  const isPayable = challan.status === 'Generated';

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600}>{pt('challan.payTitle')}</Text>
          <ChallanStatusBadge status={challan.status} />
        </Group>
        <Anchor component={Link} to="/gst-challans" size="sm">
          {pt('challan.title')}
        </Anchor>
      </Group>
      <Paper withBorder p="sm" radius="sm">
        <ChallanFacts challan={challan} />
      </Paper>
      <HeadMinorTable amounts={challan.amounts} caption={pt('challan.amountsTitle')} testId="pay-amounts" />
      {PortalSession ? <PortalSession entityId={challan.entityId} /> : null}
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={16} />} py={6} data-testid="pay-bank-notice">
        <Text size="sm">{challan.sandbox ? pt('challan.sandboxBank') : pt('challan.realBank')}</Text>
      </Alert>
      {challan.status === 'Expired' ? (
        <Alert color="gray" variant="light" py={6} data-testid="pay-expired">
          {pt('challan.notPayable')}
        </Alert>
      ) : null}
      {refusal ? (
        <Alert color="red" variant="light" py={6} role="alert" data-testid="pay-refused">
          {refusal.needsSession ? pt('ledger.needSession') : refusal.text}
        </Alert>
      ) : null}
      <Group gap="xs">
        {challan.sandbox && isPayable ? (
          <Button
            size="xs"
            loading={isBusy}
            onClick={() =>
              void act(
                () => payChallanInSandbox(id),
                (paid) => pt('challan.paid', { cin: paid.cin ?? '' }),
              )
            }
            data-testid="pay-sandbox"
          >
            {pt('challan.pay')}
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="default"
          disabled={isBusy}
          onClick={() =>
            void act(
              () => refreshChallan(id),
              (read) => `${read.cpin}: ${read.status}`,
            )
          }
          data-testid="pay-refresh"
        >
          {pt('challan.refresh')}
        </Button>
        <ExportButton
          download={() => downloadChallanPdf(id)}
          fileName={`PMT-06-${challan.cpin}.pdf`}
          label={pt('challan.pdf')}
          testId="pay-pdf"
        />
      </Group>
    </Stack>
  );
};
