import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  DRC01_REASON_TEXT,
  TAX_HEAD_KEYS,
  TAX_HEAD_TEXT,
  drc01Text as dt,
  type Drc01Detail,
  type Drc01Heads,
  type Drc01Intimation,
} from '@opengst/contracts';
import { needsPortalSession, refusalText } from '../../../shared/payments/portalSessionStep';
import { replyToIntimation, requestReplyOtp } from './drc01Api';

// Part B of DRC-01B / DRC-01C (Rules 88C(2), 88D(2)): a reason from the form's list with its explanation, a DRC-03
// payment from the cash ledger (tax and interest by head, the excess proposed), or both. "Reply with EVC" asks the
// portal for the EVC OTP; the modal takes it and files the reply. The server and the portal check the reply again
// (without a reason the payment must cover every head's excess; "Others" needs words); their refusal is shown here.

type Props = { intimation: Drc01Intimation; onReplied: (detail: Drc01Detail) => void };

const NO_HEADS: Drc01Heads = { igst: 0, cgst: 0, sgst: 0, cess: 0 };
const toPaise = (rupees: string | number): number => Math.round(Number(rupees || 0) * 100);

const HeadInputs = ({ prefix, value, onChange }: { prefix: string; value: Drc01Heads; onChange: (next: Drc01Heads) => void }) => (
  <SimpleGrid cols={4} spacing="xs">
    {TAX_HEAD_KEYS.map((head) => (
      <NumberInput
        key={head}
        size="xs"
        label={TAX_HEAD_TEXT[head]}
        min={0}
        decimalScale={2}
        thousandSeparator=","
        thousandsGroupStyle="lakh"
        value={value[head] / 100}
        onChange={(next) => onChange({ ...value, [head]: toPaise(next) })}
        data-testid={`${prefix}-${head}`}
      />
    ))}
  </SimpleGrid>
);

export const Drc01ReplyForm = ({ intimation, onReplied }: Props) => {
  const reasons = DRC01_REASON_TEXT[intimation.form];
  const [reason, setReason] = useState<string | null>(null);
  const [explanation, setExplanation] = useState('');
  const [isPaying, setPaying] = useState(false);
  const [tax, setTax] = useState<Drc01Heads>(intimation.excess);
  const [interest, setInterest] = useState<Drc01Heads>(NO_HEADS);
  const [otp, setOtp] = useState('');
  const [isOtpOpen, setOtpOpen] = useState(false);
  const [otpSentTo, setOtpSentTo] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const isEmpty = reason === null && !isPaying;

  const refuse = (error: unknown) => setRefusal(needsPortalSession(error) ? dt('drc.needSession') : refusalText(error));

  const askOtp = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      setOtpSentTo((await requestReplyOtp(intimation.id)).sentTo);
      setOtp('');
      setOtpOpen(true);
    } catch (error) {
      refuse(error);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const detail = await replyToIntimation({
        id: intimation.id,
        otp,
        ...(reason ? { reason: { code: reason, explanation } } : {}),
        ...(isPaying ? { drc03: { tax, interest } } : {}),
      });
      setOtpOpen(false);
      onReplied(detail);
    } catch (error) {
      setOtpOpen(false);
      refuse(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="sm" radius="sm" data-testid="drc-reply-form">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {dt('drc.replyTitle')}
        </Text>
        <Select
          size="xs"
          label={dt('drc.reason')}
          placeholder={dt('drc.noReason')}
          data={Object.entries(reasons).map(([value, label]) => ({ value, label }))}
          value={reason}
          onChange={setReason}
          clearable
          data-testid="drc-reason"
        />
        <Textarea
          size="xs"
          label={dt('drc.explanation')}
          autosize
          minRows={2}
          maxLength={4000}
          value={explanation}
          onChange={(event) => setExplanation(event.currentTarget.value)}
          disabled={reason === null}
          data-testid="drc-explanation"
        />
        <Checkbox
          size="xs"
          label={dt('drc.payDrc03')}
          checked={isPaying}
          onChange={(event) => setPaying(event.currentTarget.checked)}
          data-testid="drc-pay-drc03"
        />
        {isPaying ? (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {dt('drc.tax')}
            </Text>
            <HeadInputs prefix="drc-tax" value={tax} onChange={setTax} />
            <Text size="xs" c="dimmed">
              {dt('drc.interest')}
            </Text>
            <HeadInputs prefix="drc-interest" value={interest} onChange={setInterest} />
          </Stack>
        ) : null}
        {refusal ? (
          <Alert color="red" variant="light" py={6} role="alert" data-testid="drc-reply-refused">
            {refusal}
          </Alert>
        ) : null}
        <Group>
          <Button size="xs" loading={isBusy && !isOtpOpen} disabled={isEmpty} onClick={() => void askOtp()} data-testid="drc-reply">
            {dt('drc.submit')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={isOtpOpen} onClose={() => setOtpOpen(false)} title={dt('drc.otpTitle')} size="sm">
        <Stack gap="xs">
          <Text size="sm">{dt('drc.otpSent', { sentTo: otpSentTo })}</Text>
          <TextInput
            size="xs"
            label={dt('drc.otp')}
            value={otp}
            onChange={(event) => setOtp(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            data-autofocus
            data-testid="drc-otp-input"
          />
          <Group justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setOtpOpen(false)} data-testid="drc-otp-cancel">
              {dt('drc.cancel')}
            </Button>
            <Button size="xs" loading={isBusy} disabled={otp.length !== 6} onClick={() => void submit()} data-testid="drc-reply-submit">
              {dt('drc.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
};
