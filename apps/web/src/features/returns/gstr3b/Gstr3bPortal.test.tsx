import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Gstr3bDetail, Gstr3bSetOff } from '@opengst/contracts';
import { Gstr3bScreen } from './Gstr3bScreen';
import { COMPUTED, NOT_AT_PORTAL, setOffOf } from './gstr3bTestRows';
import { json, refusal, renderAt, stubApi, type Call } from '../../../test/screenTestSupport';

// GSTR-3B's GST portal actions against a stubbed API: each action disabled with its reason until its turn, Save to
// portal sent and the portal's refusal kept on the screen, the offset confirmed line by line (credit to liability,
// then cash) with the portal's refusal in place, the filing's OTP modal and the ARN in the header; the set-off's
// ledgers unknown until the portal sign-in, and the challan link prefilled with the cash still to deposit.

const detail = (patch: Partial<Gstr3bDetail> = {}, portal: Partial<Gstr3bDetail['portal']> = {}): Gstr3bDetail => ({
  id: 7,
  entityId: 5,
  entityName: 'Mumbai Head Office',
  gstin: '27AABCD1234E1Z8',
  returnPeriod: '102026',
  frequency: 'monthly',
  periods: ['102026'],
  financialYear: '2026-27',
  dueDate: '2099-11-20',
  status: 'NotSubmitted',
  computedAt: '2026-11-02T10:00:00Z',
  computedBy: 'Asha',
  compute: COMPUTED,
  userSavedAt: null,
  rows: [],
  locks: { outward: true, interState: false },
  issues: [],
  excluded: [],
  gstr1Filed: true,
  portal: { ...NOT_AT_PORTAL, ...portal },
  ...patch,
});

type Answers = { detail: Gstr3bDetail; setOff?: Gstr3bSetOff; action?: (url: string, call: Call) => Response | undefined };

const stub = (answers: Answers) =>
  stubApi((url, call) => {
    const answered = answers.action?.(url, call);
    if (answered) return answered;
    if (url.includes('/returns/gstr3b/detail')) return json(answers.detail);
    if (url.includes('/returns/gstr3b/set-off')) return json(answers.setOff ?? setOffOf());
    if (url.includes('/returns/portal/session'))
      return json({ entityId: 5, gstin: '27AABCD1234E1Z8', hasCredentials: true, active: true, expiresAt: null, sandbox: true });
    if (url.includes('/returns/gstr3b/timeline'))
      return json({ id: 7, status: 'NotSubmitted', dueDate: '2099-11-20', filedAt: null, arn: null, gstr1: [], events: [] });
    return json([]);
  });

const renderScreen = (rights: Parameters<typeof renderAt>[2] = ['Gstr3bPrepare', 'Gstr3bFile']) =>
  renderAt(<Gstr3bScreen />, '/gstr-3b?entityId=5&returnPeriod=102026', rights);

/** The reason a disabled action gives (its tooltip's text key), or null when it may run. */
const whyOf = (testId: string): string | null => screen.getByTestId(testId).closest('[data-why]')?.getAttribute('data-why') ?? null;

describe('GSTR-3B through the GST portal', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers Save to portal first; Submit, Offset and File say why they must wait', async () => {
    stub({ detail: detail() });
    renderScreen();
    await screen.findByTestId('action-save-portal');
    expect(whyOf('action-save-portal')).toBeNull();
    expect(whyOf('action-submit')).toBe('gstr3b.portal.why.notSaved');
    expect(whyOf('action-offset')).toBe('gstr3b.portal.why.notSubmitted');
    expect(whyOf('action-file')).toBe('gstr3b.portal.why.notSubmitted');
    expect((screen.getByTestId('action-file') as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks to save again before Submit when the figures changed since the save', async () => {
    stub({ detail: detail({ userSavedAt: '2026-11-03T10:00:00Z' }, { saveStatus: 'P', savedAt: '2026-11-02T11:00:00Z' }) });
    renderScreen();
    await screen.findByTestId('action-save-portal');
    expect(whyOf('action-submit')).toBe('gstr3b.portal.why.changedSinceSave');
  });

  it('asks for the right File GSTR-3B', async () => {
    stub({ detail: detail() });
    renderScreen(['Gstr3bPrepare']);
    await screen.findByTestId('action-save-portal');
    expect(whyOf('action-save-portal')).toBe('gstr3b.portal.noFileRight');
  });

  it("saves to the portal and keeps the portal's refusal on the screen", async () => {
    const refused = detail(
      { status: 'Error' },
      { saveStatus: 'ER', lastError: 'RET191123 Table 3.1(a) is auto-populated from GSTR-1 and cannot be edited' },
    );
    const calls = stub({ detail: detail(), action: (url) => (url.includes('/returns/gstr3b/save') ? json(refused) : undefined) });
    renderScreen();
    fireEvent.click(await screen.findByTestId('action-save-portal'));
    expect((await screen.findByTestId('portal-last-error')).textContent).toContain('RET191123 Table 3.1(a)');
    expect(calls.find((c) => c.url.includes('/returns/gstr3b/save'))?.body).toEqual({ entityId: 5, returnPeriod: '102026' });
    expect(screen.getByTestId('portal-save-status').textContent).toBe('refused');
  });

  it('submits after asking, once the portal processed the save', async () => {
    const saved = detail({}, { saveStatus: 'P', referenceId: '27abc', savedAt: '2026-11-02T11:00:00Z' });
    const calls = stub({
      detail: saved,
      action: (url) => (url.includes('/returns/gstr3b/submit') ? json(detail({ status: 'Submitted' }, { saveStatus: 'P' })) : undefined),
    });
    renderScreen();
    fireEvent.click(await screen.findByTestId('action-submit'));
    fireEvent.click(await screen.findByTestId('action-submit-confirm'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/returns/gstr3b/submit'))).toBe(true));
    await waitFor(() => expect(screen.getByTestId('gstr3b-screen').getAttribute('data-return-status')).toBe('Submitted'));
  });

  it('keeps Offset until the cash is deposited, and links a challan prefilled with the cash still needed', async () => {
    stub({ detail: detail({ status: 'Submitted' }, { saveStatus: 'P' }) });
    renderScreen();
    // A loaded machine (the full suite on two cores) renders the actions later than waitFor's default second.
    await waitFor(() => expect(whyOf('action-offset')).toBe('gstr3b.portal.why.cashShort'), { timeout: 5000 });
    // Submitted: the figures are the portal's, not computed again.
    expect(screen.queryByTestId('action-compute')).toBeNull();
    fireEvent.click(screen.getByTestId('tab-set-off'));
    const link = await screen.findByTestId('create-challan-link');
    expect(link.textContent).toBe('Create challan for ₹ 8,600.00');
    expect(link.getAttribute('href')).toBe('/gst-challan-payment-process?entityId=5&igst.tax=800000&cgst.tax=50000&cgst.fee=10000');
    expect(screen.getByTestId('set-off-ledgers-read').textContent).toContain('already holds this return');
    expect(screen.getByTestId('cash-needed-cgst-fee').textContent).toContain('CGST fee');
  });

  it('says the ledgers are unknown until the portal sign-in', async () => {
    stub({ detail: detail(), setOff: setOffOf({ portalLedgers: null, cashNeeded: null, cashToDeposit: null }) });
    renderScreen();
    fireEvent.click(await screen.findByTestId('tab-set-off'));
    expect((await screen.findByTestId('set-off-ledger-unknown')).textContent).toContain('sign in to the GST portal');
    expect(screen.queryByTestId('create-challan-link')).toBeNull();
  });

  it("confirms the offset line by line, shows the portal's refusal in place, then offsets", async () => {
    const paid = setOffOf({ cashNeeded: { ...setOffOf().cashNeeded!, total: 0 } });
    let offsets = 0;
    const calls = stub({
      detail: detail({ status: 'Submitted' }, { saveStatus: 'P' }),
      setOff: paid,
      action: (url) => {
        if (!url.includes('/returns/gstr3b/offset')) return undefined;
        offsets += 1;
        return offsets === 1
          ? refusal('RET0012', 'The GST portal refused the request: Insufficient balance (RET191126)')
          : json(detail({ status: 'Submitted' }, { saveStatus: 'P', offsetAt: '2026-11-27T10:00:00Z' }));
      },
    });
    renderScreen();
    await waitFor(() => expect(whyOf('action-offset')).toBeNull());
    fireEvent.click(screen.getByTestId('action-offset'));
    const confirmation = await screen.findByTestId('offset-confirmation');
    expect(within(confirmation).getByTestId('offset-credit-igst-igst').textContent).toContain('IGST credit pays IGST (section 49(5)(a))');
    expect(within(confirmation).getByTestId('offset-cash-tax').textContent).toContain('8,000.00');
    expect(within(confirmation).getByTestId('offset-cash-reverseCharge').textContent).toContain('500.00');
    expect(within(confirmation).getByTestId('offset-cash-lateFee').textContent).toContain('100.00');
    fireEvent.click(screen.getByTestId('action-offset-confirm'));
    expect((await screen.findByTestId('offset-refusal')).textContent).toContain('Insufficient balance (RET191126)');
    fireEvent.click(screen.getByTestId('action-offset-confirm'));
    await waitFor(() => expect(screen.queryByTestId('offset-confirmation')).toBeNull());
    expect(calls.filter((c) => c.url.includes('/returns/gstr3b/offset')).map((c) => c.body)).toEqual([
      { entityId: 5, returnPeriod: '102026' },
      { entityId: 5, returnPeriod: '102026' },
    ]);
    await waitFor(() => expect(whyOf('action-file')).toBeNull());
  });

  it("sends the user's own utilisation when a credit amount is changed, the cash following it", async () => {
    const paid = setOffOf({ cashNeeded: { ...setOffOf().cashNeeded!, total: 0 } });
    const calls = stub({
      detail: detail({ status: 'Submitted' }, { saveStatus: 'P' }),
      setOff: paid,
      action: (url) =>
        url.includes('/returns/gstr3b/offset')
          ? json(detail({ status: 'Submitted' }, { saveStatus: 'P', offsetAt: '2026-11-27T10:00:00Z' }))
          : undefined,
    });
    renderScreen();
    await waitFor(() => expect(whyOf('action-offset')).toBeNull());
    fireEvent.click(screen.getByTestId('action-offset'));
    const amount = await screen.findByTestId('offset-credit-amount-igst-igst');
    expect(screen.queryByTestId('offset-line-edited')).toBeNull();
    fireEvent.change(amount, { target: { value: '4000.5' } });
    expect(screen.getByTestId('offset-cash-tax').textContent).toContain('13,999.50');
    const edited = screen.getByTestId('offset-line-edited').textContent ?? '';
    expect(edited).toContain('Integrated tax credit pays ₹4,000.50 of Integrated tax instead of the ₹10,000.00 proposed');
    expect(edited).toContain('Proposed: ₹ 10,000.00 of IGST credit pays IGST (section 49(5)(a))');
    fireEvent.change(amount, { target: { value: '40,00' } });
    expect((screen.getByTestId('action-offset-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '4000' } });
    fireEvent.click(screen.getByTestId('action-offset-confirm'));
    await waitFor(() => expect(screen.queryByTestId('offset-confirmation')).toBeNull());
    expect(calls.find((c) => c.url.includes('/returns/gstr3b/offset'))?.body).toEqual({
      entityId: 5,
      returnPeriod: '102026',
      credit: [{ from: 'igst', to: 'igst', amount: 4_000_00 }],
    });
  });

  it('files with the EVC OTP and shows the ARN in the header', async () => {
    const calls = stub({
      detail: detail({ status: 'Submitted' }, { saveStatus: 'P', offsetAt: '2026-11-27T10:00:00Z' }),
      action: (url) => {
        if (url.includes('/returns/gstr3b/file/otp')) return json({ sent: true });
        if (url.includes('/returns/gstr3b/file')) return json(detail({ status: 'Filed' }, { arn: 'AA271126000123X' }));
        return undefined;
      },
    });
    renderScreen();
    fireEvent.click(await screen.findByTestId('action-file'));
    fireEvent.click(await screen.findByTestId('file-send-otp'));
    fireEvent.change(await screen.findByTestId('file-otp'), { target: { value: '57a5757' } });
    fireEvent.click(screen.getByTestId('file-confirm'));
    expect((await screen.findByTestId('return-arn')).textContent).toBe('AA271126000123X');
    expect(calls.find((c) => c.url.endsWith('/returns/gstr3b/file'))?.body).toEqual({ entityId: 5, returnPeriod: '102026', otp: '575757' });
  });
});
