import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { IrpInvoice, IrpLoadSettings } from '@opengst/contracts';
import { json, pick, refusal, renderAt, stubApi } from '../../test/screenTestSupport';
import { translateFrom } from '../../i18n/useText';
import { IrpApiRegistrationScreen } from './IrpApiRegistrationScreen';
import { cancelBlockOf, dateOfIrp, IrpInvoicesScreen, stampOfIrp } from './IrpInvoicesScreen';
import { readIrpToken, writeIrpToken } from './irpSession';

// The e-invoicing portal's screens: its own session (irp-auth-token, never the product's auth-token; none = its login),
// the GSTIN's IRNs with cancel offered only inside 24 hours and without an e-way bill (the reason said otherwise), the
// cancel sending the reason and remarks, and API registration showing a client secret once.

const SETTINGS: IrpLoadSettings = {
  applicationTitle: 'E-Invoice Registration Portal',
  environment: 'irpstaging',
  irpPortalApiUrl: '',
  irpApiBaseUrl: '/irp',
  gstin: '29AAGCB7383J1Z4',
  userName: 'bharat_api',
  sessionExpiresAt: '2026-11-28T12:00:00.000Z',
  pageSize: 50,
  cancelHours: 24,
  cancelReasons: [
    { code: '1', text: 'Duplicate' },
    { code: '2', text: 'Data entry mistake' },
    { code: '3', text: 'Order cancelled' },
    { code: '4', text: 'Others' },
  ],
};

const invoice = (docNo: string, extra: Partial<IrpInvoice> = {}): IrpInvoice => ({
  irn: `${docNo.length}`.padEnd(64, 'a'),
  docType: 'INV',
  docNo,
  docDate: '27/11/2026',
  ackNo: '112610000000001',
  ackDate: '2026-11-27 10:00:00',
  status: 'ACT',
  ewbNo: null,
  cancelledAt: null,
  cancelReason: null,
  cancelRemarks: null,
  cancellableUntil: new Date(Date.now() + 3_600_000).toISOString(),
  ...extra,
});

const withLogin = (ui: React.ReactElement, path: string) => (
  <Routes>
    <Route path={path} element={ui} />
    <Route path="/irp-portal/login" element={<div data-testid="irp-login-page" />} />
  </Routes>
);

describe('the e-invoicing portal screens', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says why an IRN cannot be cancelled: cancelled, an e-way bill on it, or past its 24 hours', () => {
    const t = translateFrom({});
    const now = new Date();
    expect(cancelBlockOf(invoice('A/1'), now, t)).toBeNull();
    expect(cancelBlockOf(invoice('A/2', { ewbNo: '321000000001' }), now, t)).toBe(
      'An e-way bill is active on this IRN: cancel the e-way bill first.',
    );
    expect(cancelBlockOf(invoice('A/3', { cancellableUntil: new Date(now.getTime() - 1).toISOString() }), now, t)).toBe(
      'The 24 hours to cancel are over: issue a credit note instead.',
    );
    expect(cancelBlockOf(invoice('A/4', { status: 'CNL' }), now, t)).toBe('Cancelled');
  });

  it("shows the IRP's dates as the product does (DD-MM-YYYY)", () => {
    expect(dateOfIrp('27/11/2026')).toBe('27-11-2026');
    expect(stampOfIrp('2026-11-27 10:05:09')).toBe('27-11-2026 10:05');
  });

  it('sends the portal to its own login without a portal session, and when the session has expired', async () => {
    const calls = stubApi(() => refusal('IRP0002', 'expired'));
    renderAt(withLogin(<IrpInvoicesScreen />, '/irp-portal'), '/irp-portal', []);
    expect(await screen.findByTestId('irp-login-page')).toBeTruthy();
    expect(calls).toHaveLength(0);
    cleanup();

    writeIrpToken('stale');
    stubApi(() => json({ errors: [{ code: 'IRP0002', message: 'expired', type: 'Error' }] }, 401));
    renderAt(withLogin(<IrpInvoicesScreen />, '/irp-portal'), '/irp-portal', []);
    expect(await screen.findByTestId('irp-login-page', {}, { timeout: 5000 })).toBeTruthy();
    expect(readIrpToken()).toBeNull();
  });

  it("lists the GSTIN's IRNs with its own header, searches, and cancels one with the reason and remarks", async () => {
    writeIrpToken('portal-token');
    const headers: (string | null)[] = [];
    const fetchOf = (answer: (url: string, body: unknown) => Response) =>
      vi.fn(async (url: string, init?: RequestInit) => {
        const sent = new Headers(init?.headers);
        headers.push(sent.get('irp-auth-token'));
        if (sent.get('auth-token')) throw new Error("the product's auth-token reached the portal");
        return answer(url, init?.body ? JSON.parse(String(init.body)) : null);
      });
    const bodies: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      fetchOf((url, body) => {
        bodies.push({ url, body });
        if (url.includes('/irp/loadsettings')) return json(SETTINGS);
        if (url.includes('/irp/einvoices/cancel')) return json({ irn: invoice('INV/1').irn, cancelDate: '2026-11-27 11:00:00' });
        if (url.includes('/irp/einvoices'))
          return json({
            items: [invoice('INV/1'), invoice('INV/22', { ewbNo: '321000000001' })],
            totalRecords: 2,
          });
        return json(null);
      }),
    );
    renderAt(<IrpInvoicesScreen />, '/irp-portal', []);
    expect((await screen.findByTestId('irp-gstin', {}, { timeout: 5000 })).textContent).toBe('29AAGCB7383J1Z4');
    expect(await screen.findByTestId('irp-row-INV/1', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('irp-total').textContent).toBe('2 e-invoices');
    expect(headers.every((h) => h === 'portal-token')).toBe(true);
    expect((screen.getByTestId('irp-cancel-INV/22') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByTestId('irp-search'), { target: { value: 'INV/1' } });
    fireEvent.click(screen.getByTestId('irp-search-apply'));
    await waitFor(() =>
      expect(bodies.some((b) => b.url.endsWith('/irp/einvoices') && JSON.stringify(b.body).includes('"search":"INV/1"'))).toBe(true),
    );

    fireEvent.click(await screen.findByTestId('irp-cancel-INV/1', {}, { timeout: 5000 }));
    const confirm = (await screen.findByTestId('irp-cancel-confirm')) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await pick(screen.getByTestId('irp-cancel-reason'), '2 – Data entry mistake');
    fireEvent.change(screen.getByTestId('irp-cancel-remarks'), { target: { value: 'Wrong rate' } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(bodies.find((b) => b.url.includes('/irp/einvoices/cancel'))?.body).toEqual({
        irn: invoice('INV/1').irn,
        reason: '2',
        remarks: 'Wrong rate',
      }),
    );
  });

  it('registers a client system and shows its secret once; revokes a live one', async () => {
    writeIrpToken('portal-token');
    let listed = [{ clientId: 'AAB001', name: 'Old ERP', createdAt: '2026-11-01T10:00:00.000Z', revokedAt: null as string | null }];
    const calls = stubApi((url, call) => {
      if (url.includes('/irp/loadsettings')) return json(SETTINGS);
      if (url.includes('/apiRegistration/register')) {
        const made = { clientId: 'AAB002', name: 'Tally Prime', createdAt: '2026-11-27T10:00:00.000Z', revokedAt: null };
        listed = [made, ...listed];
        return json({ ...made, clientSecret: 'the-secret-shown-once' });
      }
      if (url.includes('/apiRegistration/revoke')) {
        listed = listed.map((c) =>
          c.clientId === (call.body as { clientId: string }).clientId ? { ...c, revokedAt: '2026-11-27T11:00:00.000Z' } : c,
        );
        return json(listed.find((c) => c.revokedAt));
      }
      if (url.includes('/apiRegistration')) return json(listed);
      return json(null);
    });
    renderAt(<IrpApiRegistrationScreen />, '/irp-portal/api-registration', []);
    expect(await screen.findByTestId('irp-client-AAB001', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(screen.getByTestId('irp-client-name'), { target: { value: 'Tally Prime' } });
    fireEvent.click(screen.getByTestId('irp-client-register'));
    expect((await screen.findByTestId('irp-shown-client-secret')).textContent).toBe('the-secret-shown-once');
    expect(calls.find((c) => c.url.includes('/register'))?.body).toEqual({ name: 'Tally Prime' });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('irp-shown-client-secret')).toBeNull());
    expect(await screen.findByTestId('irp-client-AAB002')).toBeTruthy();
    expect(document.body.textContent).not.toContain('the-secret-shown-once');

    fireEvent.click(screen.getByTestId('irp-client-revoke-AAB001'));
    await waitFor(() => expect(calls.find((c) => c.url.includes('/revoke'))?.body).toEqual({ clientId: 'AAB001' }));
    await waitFor(() => expect(screen.queryByTestId('irp-client-revoke-AAB001')).toBeNull());
  });
});
