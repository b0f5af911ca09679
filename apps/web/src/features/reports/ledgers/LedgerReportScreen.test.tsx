import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CashLedger } from '@opengst/contracts';
import { BUSINESS, MUMBAI } from '../../../test/entityFixtures';
import { json, pick, refusal, renderAt, stubApi } from '../../../test/screenTestSupport';
import { AMOUNTS } from '../../../test/paymentFixtures';
import { LedgerReportScreen } from './LedgerReportScreen';
import type { PortalSessionSlot } from '../../../shared/payments/portalSessionStep';

// /electronic-ledger-report against a stubbed API: without a live portal session the server answers RET0008 and the
// OTP step (the session card) is shown; once signed in, read again by itself, the cash ledger's opening and closing balances and its
// transactions; the credit reversal statement asks for one period.

const LOADED = { timeout: 8000 };
const FakeSession: PortalSessionSlot = ({ entityId }) => <div data-testid="fake-session">{`session of ${entityId}`}</div>;
const NONE = { tax: 0, interest: 0, penalty: 0, fee: 0, others: 0 };
const EMPTY = { igst: NONE, cgst: NONE, sgst: NONE, cess: NONE };
const CASH: CashLedger = {
  gstin: MUMBAI.gstin ?? '',
  fromDate: '2025-08-01',
  toDate: '2025-08-31',
  opening: EMPTY,
  entries: [
    {
      date: '2025-08-06',
      description: 'Deposit against CPIN 25082700000001',
      reference: '25082700000001HDFC',
      returnPeriod: null,
      type: 'Credit',
      amounts: AMOUNTS,
      total: 7_200_00,
      balance: AMOUNTS,
    },
  ],
  closing: AMOUNTS,
};

describe('LedgerReportScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the OTP step without a portal session, then the cash ledger with its balances and transactions', async () => {
    let isSignedIn = false;
    const calls = stubApi((url) =>
      url.includes('/user/entities')
        ? json([BUSINESS, MUMBAI])
        : isSignedIn
          ? json(CASH)
          : refusal('RET0008', 'No active GST portal session for this GSTIN: request an OTP and sign in to the portal first.'),
    );
    renderAt(<LedgerReportScreen portalSession={FakeSession} />, '/electronic-ledger-report', ['ReportLedgers']);
    await waitFor(() => expect(calls.some((c) => c.url.includes('/user/entities'))).toBe(true), LOADED);
    await pick(screen.getByTestId('ledger-gstin'), '27AAPFU0939F1ZV · Mumbai');
    fireEvent.click(screen.getByTestId('ledger-show'));
    const step = await screen.findByTestId('ledger-otp-step', {}, LOADED);
    expect(within(step).getByTestId('fake-session').textContent).toBe('session of 5');
    expect(calls.find((c) => c.url.includes('/electronicLedger/cash'))?.url).toMatch(/entityId=5&fromDate=\d{4}-\d{2}-01&toDate=/);

    // Signed in through the card: the screen asks again by itself.
    isSignedIn = true;
    const row = await screen.findByTestId('ledger-row-0', {}, LOADED);
    expect(within(row).getByText('25082700000001HDFC')).toBeTruthy();
    expect(within(row).getByText('6,000.00')).toBeTruthy();
    expect(screen.getByTestId('ledger-closing-total').textContent).toBe('7,200.00');
    expect(screen.getByTestId('ledger-opening-total').textContent).toBe('0.00');
    expect(screen.queryByTestId('ledger-otp-step')).toBeNull();
  }, 20_000);

  it('reads the credit reversal and re-claimed statement for one period', async () => {
    const calls = stubApi((url) =>
      url.includes('/user/entities')
        ? json([BUSINESS, MUMBAI])
        : json({ gstin: MUMBAI.gstin, entries: [], closing: { igst: 200_00, cgst: 0, sgst: 0, cess: 0 } }),
    );
    renderAt(<LedgerReportScreen initialKind="creditReversal" />, '/electronic-ledger-report', ['ReportLedgers']);
    await waitFor(() => expect(calls.some((c) => c.url.includes('/user/entities'))).toBe(true), LOADED);
    await pick(screen.getByTestId('ledger-gstin'), '27AAPFU0939F1ZV · Mumbai');
    fireEvent.click(screen.getByTestId('ledger-show'));
    expect((await screen.findByTestId('ledger-closing', {}, LOADED)).textContent).toContain('200.00');
    expect(screen.getByTestId('ledger-empty')).toBeTruthy();
    expect(calls.find((c) => c.url.includes('/electronicLedger/creditReversalReclaim'))?.url).toMatch(/entityId=5&period=\d{6}/);
  }, 20_000);
});
