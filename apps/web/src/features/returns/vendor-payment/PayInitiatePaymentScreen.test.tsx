import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import { json, refusal, renderAt, stubApi } from '../../../test/screenTestSupport';
import { ACME, invoice, prOnly } from './vendorPaymentFixtures';
import { PayInitiatePaymentScreen } from './PayInitiatePaymentScreen';

// /pay-initiate-payment against a stubbed API: the chosen invoices with what is paid and held, recorded with the date
// and reference; a refusal said in place; then the held GST awaiting release, and what is releasable released.

const LOADED = { timeout: 8000 };
const render = (address: string) =>
  renderAt(
    <>
      <Notifications />
      <PayInitiatePaymentScreen />
    </>,
    address,
    ['VendorPayment'],
  );

describe('PayInitiatePaymentScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('records the payment of the chosen invoices with the GST held, then lists the held GST awaiting release', async () => {
    let paid = false;
    const calls = stubApi((url) => {
      if (url.includes('/vendorPayment/pay')) {
        paid = true;
        return json({
          id: 1,
          kind: 'Payment',
          paymentDate: '2025-04-01',
          reference: 'UTR-1',
          remarks: null,
          invoices: 1,
          paid: 20_000_00,
          held: 9_000_00,
          released: 0,
        });
      }
      return json({
        items: paid
          ? [invoice(), prOnly({ paid: 20_000_00, held: 9_000_00, outstanding: 30_000_00, payableNow: 30_000_00, holdNow: 0 })]
          : [invoice(), prOnly()],
      });
    });
    render(`/pay-initiate-payment?suppliers=${ACME}&documents=12`);
    expect(await screen.findByTestId('pay-VP-2', {}, LOADED)).toBeTruthy();
    // Only the chosen invoice.
    expect(screen.queryByTestId('pay-VP-1')).toBeNull();
    expect(screen.getByTestId('pay-total').textContent).toBe('50,000.00');
    expect(screen.getByTestId('pay-hold-total').textContent).toBe('9,000.00');
    expect(screen.getByText('Nothing held for these suppliers.')).toBeTruthy();

    const confirm = screen.getByTestId('pay-confirm');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('pay-reference'), { target: { value: 'UTR-1' } });
    // More than is outstanding is said in place and cannot be sent; a part payment can.
    fireEvent.change(screen.getByTestId('pay-paid-VP-2'), { target: { value: '50,000.01' } });
    expect(await screen.findByText('Paid and held exceed the ₹ 59,000.00 outstanding.')).toBeTruthy();
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('pay-paid-VP-2'), { target: { value: '20,000' } });
    expect(screen.getByTestId('pay-total').textContent).toBe('20,000.00');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(paid).toBe(true));
    const payment = calls.find((c) => c.url.includes('/vendorPayment/pay'));
    expect(payment?.body).toMatchObject({ reference: 'UTR-1', lines: [{ documentId: 12, paid: 20_000_00, held: 9_000_00 }] });
    expect((payment?.body as { paymentDate: string }).paymentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await screen.findByText('Payment recorded: 20,000.00 paid, 9,000.00 GST held.', {}, LOADED)).toBeTruthy();
    // Held, not yet releasable: listed, nothing to release.
    expect(await screen.findByTestId('held-VP-2', {}, LOADED)).toBeTruthy();
    expect(screen.queryByTestId('release-confirm')).toBeNull();
  }, 20_000);

  it('releases the held GST of an invoice since matched, and says a refusal in place', async () => {
    let attempts = 0;
    const calls = stubApi((url) => {
      if (url.includes('/vendorPayment/release')) {
        attempts += 1;
        return attempts === 1
          ? refusal('GEN0009', 'Only ₹ 0.00 is held on invoice VP-2.')
          : json({
              id: 2,
              kind: 'Release',
              paymentDate: '2025-05-02',
              reference: 'UTR-2',
              remarks: null,
              invoices: 1,
              paid: 0,
              held: 0,
              released: 9_000_00,
            });
      }
      return json({
        items: [
          prOnly({
            paid: 50_000_00,
            held: 9_000_00,
            outstanding: 0,
            payableNow: 0,
            holdNow: 0,
            reconciliationStatus: 'Matched',
            hold: 0,
            holdReason: null,
            releasable: 9_000_00,
          }),
        ],
      });
    });
    render(`/pay-initiate-payment?suppliers=${ACME}`);
    expect(await screen.findByTestId('held-VP-2', {}, LOADED)).toBeTruthy();
    expect(screen.getByTestId('release-total').textContent).toBe('9,000.00');
    fireEvent.change(screen.getByTestId('release-reference'), { target: { value: 'UTR-2' } });
    fireEvent.click(screen.getByTestId('release-confirm'));
    expect((await screen.findByTestId('release-refusal', {}, LOADED)).textContent).toBe('Only ₹ 0.00 is held on invoice VP-2.');
    fireEvent.click(screen.getByTestId('release-confirm'));
    expect(await screen.findByText('Release recorded: 9,000.00 paid.', {}, LOADED)).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/release')).at(-1)?.body).toMatchObject({
      reference: 'UTR-2',
      lines: [{ documentId: 12, amount: 9_000_00 }],
    });
  }, 20_000);

  it('sends the user back when no supplier was chosen', async () => {
    stubApi(() => json({ items: [] }));
    render('/pay-initiate-payment');
    expect((await screen.findByTestId('pay-nothing', {}, LOADED)).textContent).toContain('Choose vendors or invoices');
  }, 20_000);
});
