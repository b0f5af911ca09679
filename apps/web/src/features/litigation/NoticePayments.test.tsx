import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { NoticeDetail, NoticeEvent } from '@opengst/contracts';
import { json, renderAt, stubApi } from '../../test/screenTestSupport';
import { NoticePayments, Waiver128APanel } from './NoticePayments';
import { NoticeTimeline } from './NoticeTimeline';
import { detail } from './noticeTestFixtures';

// DRC-03 payments on the notice: what was paid of the demand and what is left by head, the "Record DRC-03 payment"
// form (its checks, the body it sends in paise), the payment as its own timeline entry; the s.128A waiver panel shown
// for a s.73 demand of FY 2017-18 to 2019-20 (form and date, or the window closed) and nothing otherwise.

const ZERO = { taxIgst: 0, taxCgst: 0, taxSgst: 0, taxCess: 0, interest: 0, penalty: 0 };
const payment = (id: number, eventDate: string, split: Partial<typeof ZERO>, reference = `AD27112600000${id}X`): NoticeEvent => {
  const full = { ...ZERO, ...split };
  return {
    id,
    action: 'Payment',
    fromStage: null,
    toStage: null,
    eventDate,
    reference,
    amount: Object.values(full).reduce((a, b) => a + b, 0),
    note: id === 2 ? 'Cash ledger' : '',
    userName: 'Admin',
    at: '2026-11-21T10:00:00.000Z',
    payment: full,
  };
};
// A s.73 SCN of 2018-19: CGST and SGST ₹50,000 each, interest ₹1,200.
const scn73 = (extra: Partial<NoticeDetail> = {}) =>
  detail(9, {
    form: 'DRC-01',
    section: '73',
    financialYears: ['2018-19'],
    issuedOn: '2024-11-20',
    events: [...detail(9).events, payment(2, '2025-03-20', { taxCgst: 3_000_000, interest: 100_000 })],
    ...extra,
  });
const ROLES = ['LitigationManagement', 'LitigationEdit'];

describe('NoticePayments', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T06:00:00Z'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows what was paid of the demand and what is left by head', async () => {
    renderAt(<NoticePayments notice={scn73()} onChanged={() => {}} />, '/edit-litigation?id=9', ROLES);
    const summary = await screen.findByTestId('notice-paid-summary', {}, { timeout: 5000 });
    expect(summary.textContent).toBe('Paid under DRC-03: ₹ 31,000.00 of the ₹ 1,01,200.00 demanded');
    expect(screen.getByTestId('notice-paid-taxCgst').textContent).toBe('CGST50,000.0030,000.0020,000.00');
    expect(screen.getByTestId('notice-paid-taxSgst').textContent).toBe('SGST50,000.000.0050,000.00');
    expect(screen.getByTestId('notice-paid-interest').textContent).toBe('Interest1,200.001,000.00200.00');
    expect(screen.queryByTestId('notice-paid-taxIgst')).toBeNull();
  });

  it('records a payment: checks the ARN and the amounts, sends paise, and answers the notice', async () => {
    const notice = scn73();
    const next = scn73({ events: [...notice.events, payment(3, '2026-11-26', { taxSgst: 2_000_050 })] });
    const calls = stubApi((url) => (url.includes('/litigation/payment') ? json(next) : json({})));
    const onChanged = vi.fn();
    renderAt(<NoticePayments notice={notice} onChanged={onChanged} />, '/edit-litigation?id=9', ROLES);
    fireEvent.click(await screen.findByTestId('notice-record-payment', {}, { timeout: 5000 }));
    fireEvent.change(await screen.findByTestId('payment-arn'), { target: { value: 'AD2711' } });
    fireEvent.click(screen.getByTestId('payment-submit'));
    expect(await screen.findByText('The DRC-03 ARN is 15 letters and digits, as the portal gives it.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('payment-arn'), { target: { value: 'ad271126000003x' } });
    fireEvent.click(screen.getByTestId('payment-submit'));
    expect((await screen.findByTestId('payment-refusal')).textContent).toContain('Give the amount paid under at least one head.');
    fireEvent.change(screen.getByTestId('payment-taxSgst'), { target: { value: '20,000.50' } });
    fireEvent.change(screen.getByTestId('payment-note'), { target: { value: 'From the cash ledger' } });
    fireEvent.click(screen.getByTestId('payment-submit'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(next));
    const sent = calls.filter((c) => c.url.includes('/litigation/payment'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      id: 9,
      paidOn: '2026-11-27',
      arn: 'AD271126000003X',
      split: { ...ZERO, taxSgst: 2_000_050 },
      note: 'From the cash ledger',
    });
  });

  it('shows the server refusal of a payment on its field', async () => {
    const message = 'The notice was issued on 2024-11-20: a payment against it is on or after it.';
    stubApi((url) =>
      url.includes('/litigation/payment')
        ? json({ errors: [{ code: 'GEN0009', message, propertyName: 'PaidOn', type: 'Error' }] }, 422)
        : json({}),
    );
    renderAt(<NoticePayments notice={scn73()} onChanged={() => {}} />, '/edit-litigation?id=9', ROLES);
    fireEvent.click(await screen.findByTestId('notice-record-payment', {}, { timeout: 5000 }));
    fireEvent.change(await screen.findByTestId('payment-arn'), { target: { value: 'AD271126000003X' } });
    fireEvent.change(screen.getByTestId('payment-interest'), { target: { value: '200' } });
    fireEvent.click(screen.getByTestId('payment-submit'));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('shows a payment in the timeline as its own entry with the heads it paid', async () => {
    renderAt(<NoticeTimeline notice={scn73()} onChanged={() => {}} />, '/edit-litigation?id=9', ROLES);
    const entry = await screen.findByTestId('notice-event-2', {}, { timeout: 5000 });
    expect(entry.getAttribute('data-kind')).toBe('payment');
    expect(entry.textContent).toContain('Paid under DRC-03');
    expect(entry.textContent).toContain('20-03-2025');
    expect(entry.textContent).toContain('AD271126000002X');
    expect(entry.textContent).toContain('₹ 31,000.00');
    expect(entry.textContent).toContain('CGST ₹ 30,000.00 · Interest ₹ 1,000.00');
    expect(entry.textContent).toContain('Cash ledger');
  });
});

describe('Waiver128APanel', () => {
  afterEach(() => cleanup());

  it('shows the tax to pay, what was paid by 31-03-2025, the form and its last date', async () => {
    renderAt(<Waiver128APanel notice={scn73()} today="2025-03-25" />, '/edit-litigation?id=9', ROLES);
    const panel = await screen.findByTestId('notice-waiver', {}, { timeout: 5000 });
    expect(panel.textContent).toContain(
      'paying the full tax (₹ 1,00,000.00) by 31-03-2025 waives the interest (₹ 1,200.00) and the penalty (₹ 0.00)',
    );
    expect(screen.getByTestId('notice-waiver-paid').textContent).toBe(
      'Tax paid under DRC-03 by 31-03-2025: ₹ 30,000.00; left to pay: ₹ 70,000.00.',
    );
    expect(screen.getByTestId('notice-waiver-form').textContent).toBe('Apply in SPL-01 by 30-06-2025.');
    expect(screen.queryByTestId('notice-waiver-closed')).toBeNull();
  });

  it('says the waiver is lost when 31-03-2025 passed without the full tax paid', async () => {
    renderAt(<Waiver128APanel notice={scn73()} today="2025-04-01" />, '/edit-litigation?id=9', ROLES);
    expect((await screen.findByTestId('notice-waiver-lapsed', {}, { timeout: 5000 })).textContent).toBe(
      'The full tax was not paid by 31-03-2025: the interest and penalty are not waived.',
    );
    expect(screen.queryByTestId('notice-waiver-form')).toBeNull();
  });

  it('names SPL-02 and the appeal withdrawn at appeal, and says the window closed after 30-06-2025', async () => {
    const paidInFull = scn73({
      stage: 'AppealFiled',
      events: [payment(2, '2025-03-31', { taxCgst: 5_000_000, taxSgst: 5_000_000 })],
    });
    renderAt(<Waiver128APanel notice={paidInFull} today="2025-06-30" />, '/edit-litigation?id=9', ROLES);
    expect((await screen.findByTestId('notice-waiver-form', {}, { timeout: 5000 })).textContent).toBe(
      'Apply in SPL-02 by 30-06-2025. The appeal filed is to be withdrawn.',
    );
    cleanup();
    renderAt(<Waiver128APanel notice={{ ...paidInFull, stage: 'Order' }} today="2025-07-01" />, '/edit-litigation?id=9', ROLES);
    expect((await screen.findByTestId('notice-waiver-closed', {}, { timeout: 5000 })).textContent).toBe('The window closed on 30-06-2025.');
    expect(screen.queryByTestId('notice-waiver-form')).toBeNull();
  });

  it('shows nothing for a section 74 demand or a year outside 2017-18 to 2019-20', async () => {
    renderAt(
      <div data-testid="holder">
        <Waiver128APanel notice={scn73({ section: '74' })} today="2025-01-10" />
        <Waiver128APanel notice={scn73({ financialYears: ['2020-21'] })} today="2025-01-10" />
      </div>,
      '/edit-litigation?id=9',
      ROLES,
    );
    expect((await screen.findByTestId('holder', {}, { timeout: 5000 })).textContent).toBe('');
  });
});
