import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { BUSINESS, MUMBAI } from '../../../test/entityFixtures';
import { json, pick, renderAt, stubApi, type Call } from '../../../test/screenTestSupport';
import { ACME, invoice, prOnly, vendorRow } from './vendorPaymentFixtures';
import { VendorInvoicesScreen } from './VendorInvoicesScreen';
import { VendorPaymentScreen } from './VendorPaymentScreen';

// /initiate-payment and /initiate-payment-invoice against a stubbed API: the vendors with what is payable now, held
// and releasable, and their totals; the filters reach the API; chosen vendors go to the pay screen; a vendor's invoices
// with their reconciliation status, why GST is held and the Rule 37 clock; chosen invoices go to the pay screen.

const LOADED = { timeout: 8000 };
/** The API with the user's locations (the GSTIN filter's choices) beside the screen's own answers. */
const vendorApi = (answer: (url: string, call: Call) => Response) =>
  stubApi((url, call) => (url.includes('/user/entities') ? json([BUSINESS, MUMBAI]) : answer(url, call)));
const Where = () => {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
};
const at = (element: React.ReactElement, path: string, address: string) =>
  renderAt(
    <>
      <Routes>
        <Route path={path} element={element} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    address,
    ['VendorPayment'],
  );

describe('VendorPaymentScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists vendors with payable now, GST to hold and the totals; filters and chosen vendors go on', async () => {
    const calls = vendorApi(() =>
      json({
        items: [
          vendorRow(),
          vendorRow({
            supplierGstin: '29AAACB2222B1Z2',
            supplierName: 'Beta Tools',
            held: 5_000_00,
            releasable: 5_000_00,
            holdNow: 0,
            payableNow: 10_000_00,
          }),
        ],
        totalRecords: 2,
        totals: {
          ...vendorRow(),
          openInvoices: 3,
          payableNow: 178_000_00,
          held: 5_000_00,
          releasable: 5_000_00,
          overdueInvoices: 1,
          itcToReverse: 18_000_00,
          interest: 1_234_00,
        },
      }),
    );
    const searches = () => calls.filter((c) => c.url.includes('/vendors/search'));
    at(<VendorPaymentScreen />, '/initiate-payment', '/initiate-payment');
    const acme = await screen.findByTestId(`vendor-${ACME}`, {}, LOADED);
    expect(within(acme).getByText('Acme Steel')).toBeTruthy();
    expect(within(acme).getByText('1,68,000.00')).toBeTruthy();
    expect(within(acme).getByText('9,000.00')).toBeTruthy();
    expect(within(screen.getByTestId('vendor-29AAACB2222B1Z2')).getAllByText('5,000.00')).toHaveLength(2);
    expect(screen.getByTestId('total-payable').textContent).toBe('₹ 1,78,000.00');
    expect(screen.getByTestId('total-releasable').textContent).toBe('₹ 5,000.00');
    expect(screen.getByTestId('overdue-warning').textContent).toContain('ITC of ₹ 18,000.00 is to be reversed with interest of ₹ 1,234.00');
    expect(searches()[0]?.body).toMatchObject({ start: 0, size: 50, sortExpression: 'payableNow DESC', filters: {} });

    fireEvent.change(screen.getByTestId('filter-name'), { target: { value: 'acme' } });
    await waitFor(() => expect(searches().at(-1)?.body).toMatchObject({ filters: { supplierName: 'acme' } }), LOADED);
    await pick(screen.getByTestId('filter-locations'), '27AAPFU0939F1ZV · Mumbai');
    await waitFor(() => expect(searches().at(-1)?.body).toMatchObject({ filters: { entityIds: [5], supplierName: 'acme' } }), LOADED);

    fireEvent.click(within(await screen.findByTestId(`vendor-${ACME}`, {}, LOADED)).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('vendors-pay'));
    expect(screen.getByTestId('where').textContent).toBe(`/pay-initiate-payment?suppliers=${ACME}`);
  }, 20_000);

  it("opens a vendor's invoices on a click", async () => {
    vendorApi(() => json({ items: [vendorRow()], totalRecords: 1, totals: vendorRow() }));
    at(<VendorPaymentScreen />, '/initiate-payment', '/initiate-payment');
    fireEvent.click(within(await screen.findByTestId(`vendor-${ACME}`, {}, LOADED)).getByText('Acme Steel'));
    expect(screen.getByTestId('where').textContent).toBe(`/initiate-payment-invoice?supplierGstin=${ACME}`);
  }, 20_000);

  it('says what to do when there is nothing to pay', async () => {
    vendorApi(() => json({ items: [], totalRecords: 0, totals: vendorRow({ openInvoices: 0 }) }));
    at(<VendorPaymentScreen />, '/initiate-payment', '/initiate-payment');
    expect(
      await screen.findByText('No open purchase invoices. Import your purchase register and reconcile it with GSTR-2B.', {}, LOADED),
    ).toBeTruthy();
  }, 20_000);
});

describe('VendorInvoicesScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows one vendor's invoices with status, why GST is held and the 180-day clock; chosen invoices go to pay", async () => {
    const calls = vendorApi(() => json({ items: [invoice(), prOnly({ isOverdue: true, daysLeft: -12, itcToReverse: 0 })] }));
    at(<VendorInvoicesScreen />, '/initiate-payment-invoice', `/initiate-payment-invoice?supplierGstin=${ACME}`);
    const held = await screen.findByTestId('invoice-VP-2', {}, LOADED);
    expect(within(held).getByText('PR only')).toBeTruthy();
    expect(screen.getByTestId('hold-reason-12').textContent).toBe('Not in GSTR-2B: the supplier has not reported it (s.16(2)(aa))');
    expect(screen.getByTestId('clock-12').textContent).toBe('12 days over');
    expect(screen.getByTestId('clock-11').textContent).toBe('20 days left');
    expect(within(screen.getByTestId('invoice-VP-1')).getByText('Matched')).toBeTruthy();
    expect(screen.queryByTestId('hold-reason-11')).toBeNull();
    expect(calls.find((c) => c.url.includes('/vendorPayment/invoices'))?.body).toEqual({ supplierGstins: [ACME] });

    fireEvent.click(within(held).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('invoices-pay'));
    expect(screen.getByTestId('where').textContent).toBe(`/pay-initiate-payment?suppliers=${ACME}&documents=12`);
  }, 20_000);
});
