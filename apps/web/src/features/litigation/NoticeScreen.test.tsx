import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { json, pick, renderAt, stubApi, type Call } from '../../test/screenTestSupport';
import { NoticeScreen } from './NoticeScreen';
import { business, detail, location } from './noticeTestFixtures';

// /create-litigation and /edit-litigation: the reply date the law fixes shown as the form and issue date are typed
// (the domain's replyDueDate), amounts typed in rupees sent as exact paise, the server's refusal shown on its field;
// the timeline's moves offered from the detail's nextStages and sent with their event; at Order, the appeal's
// deadline and pre-deposit.

const users = [{ id: 7, userName: 'asha', displayName: 'Asha Rao' }];
const options = {
  sections: ['73'],
  financialYears: ['2024-25'],
  consultants: [],
  tags: [
    { id: 3, name: 'Scrutiny', color: 'grape', isActive: true },
    { id: 4, name: 'Archived', color: 'gray', isActive: false },
    { id: 5, name: 'High stake', color: 'red', isActive: true },
  ],
  viewerConsultantId: null as number | null,
};
const consultants = [
  { id: 11, displayName: 'Meera Iyer', firmName: 'Iyer & Co' },
  { id: 12, displayName: 'Kabir Shah', firmName: '' },
];
const lookups = (url: string) =>
  url.includes('/user/entities')
    ? json([business, location])
    : url.includes('/subscriber/users')
      ? json(users)
      : url.includes('/litigation/options')
        ? json(options)
        : url.includes('/consultant/lookup')
          ? json({ items: consultants })
          : url.includes('/subscriber/levels')
            ? json([{ id: 3, name: 'GST head', rank: 1 }])
            : undefined;

const typeDate = (testId: string, text: string) => {
  const input = screen.getByTestId(testId);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
};
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

const renderScreen = (address: string) =>
  renderAt(
    <Routes>
      <Route path="/create-litigation" element={<NoticeScreen />} />
      <Route path="/edit-litigation" element={<NoticeScreen />} />
    </Routes>,
    address,
    ['LitigationManagement', 'LitigationEdit'],
  );

describe('NoticeScreen', () => {
  beforeEach(() => {
    // jsdom has no scrollIntoView; Mantine's Select calls it on its options.
    Element.prototype.scrollIntoView ??= () => {};
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T06:00:00Z'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the statutory reply date as it is typed, sends paise, and shows the server refusal on its field', async () => {
    const message = 'ASMT-10 ZA2711 is already in the register for this GSTIN.';
    const calls = stubApi(
      (url) =>
        lookups(url) ??
        (url.includes('/litigation/save')
          ? json({ errors: [{ code: 'ORG0006', message, propertyName: 'ReferenceNumber', type: 'Error' }] }, 422)
          : json({})),
    );
    renderScreen('/create-litigation');
    const entity = await screen.findByTestId('notice-entity', {}, { timeout: 5000 });
    await waitFor(() => expect(entity.getAttribute('aria-controls') ?? 'x').toBeTruthy());
    // A notice is addressed to a GSTIN: the business (no GSTIN) is not offered.
    fireEvent.click(entity);
    await waitFor(() => expect(entity.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(entity.getAttribute('aria-controls') ?? '');
    expect(listbox?.textContent).toBe('27AAPFU0939F1ZV · Mumbai branch');
    await pick(entity, '27AAPFU0939F1ZV · Mumbai branch');
    await pick(screen.getByTestId('notice-form'), 'ASMT-10 · Scrutiny of returns: discrepancies');
    typeDate('notice-issued-on', '02-11-2026');
    // Rule 99(2): 30 days from the ASMT-10.
    expect((await screen.findByTestId('notice-computed-due', {}, { timeout: 5000 })).textContent).toBe(
      'Reply due on 02-12-2026 (ASMT-11 under Rule 99(2), counted from the issue date).',
    );
    await pick(screen.getByTestId('notice-form'), 'DRC-01B · Liability mismatch GSTR-1 vs GSTR-3B');
    expect(screen.getByTestId('notice-computed-due').textContent).toBe(
      'Reply due on 09-11-2026 (DRC-01B Part B under Rule 88C(2), counted from the issue date).',
    );
    await pick(screen.getByTestId('notice-form'), 'DRC-01 · Show cause notice');
    expect(screen.getByTestId('notice-computed-due').textContent).toBe(
      'No statutory window for this form: enter the reply date the notice states.',
    );
    await pick(screen.getByTestId('notice-form'), 'ASMT-10 · Scrutiny of returns: discrepancies');
    type('notice-reference', 'ZA2711');
    type('notice-taxCgst', '1,23,456.78');
    type('notice-taxSgst', '123456.78');
    type('notice-interest', '0.05');
    expect(screen.getByTestId('notice-total').textContent).toBe('Total demand (₹): 2,46,913.61');
    await pick(screen.getByTestId('notice-contingent-class'), 'Probable');
    expect(screen.getByTestId('notice-treatment').textContent).toContain('Probable: provide for it');
    type('notice-contingent-amount', '2,46,913.56');
    typeDate('notice-contingent-as-of', '30-09-2026');
    fireEvent.click(screen.getByTestId('notice-save'));
    await waitFor(() => expect(calls.find((c) => c.url.includes('/litigation/save'))).toBeTruthy());
    expect(calls.find((c: Call) => c.url.includes('/litigation/save'))?.body).toEqual({
      entityId: 2,
      form: 'ASMT-10',
      referenceNumber: 'ZA2711',
      issuedOn: '2026-11-02',
      receivedOn: null,
      statedDueOn: null,
      financialYears: [],
      section: '',
      subject: '',
      officerName: '',
      officerDesignation: '',
      jurisdiction: '',
      demand: { taxIgst: 0, taxCgst: 12345678, taxSgst: 12345678, taxCess: 0, interest: 5, penalty: 0 },
      contingent: { classification: 'Probable', amount: 24691356, asOf: '2026-09-30' },
      assigneeUserId: null,
      assigneeLevelId: null,
      tagIds: [],
      consultantIds: [],
    });
    const reference = screen.getByTestId('notice-reference');
    await waitFor(() => expect(reference.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('offers the moves of the status model and sends the move with its event', async () => {
    const moved = detail(5, {
      stage: 'Replied',
      status: 'REP',
      nextStages: ['Hearing', 'ReplyDrafted', 'Order', 'Closed'],
      updatedAt: '2026-11-27T06:00:00.000Z',
    });
    const calls = stubApi(
      (url) =>
        lookups(url) ?? (url.includes('/litigation/move') ? json(moved) : url.includes('/litigation/detail') ? json(detail(5)) : json({})),
    );
    renderScreen('/edit-litigation?id=5');
    expect((await screen.findByTestId('notice-title', {}, { timeout: 5000 })).textContent).toBe('ASMT-10 ZA275');
    expect(calls.find((c) => c.url.includes('/litigation/detail'))?.url).toContain('id=5');
    // The form holds the notice in rupees.
    expect((screen.getByTestId('notice-taxCgst') as HTMLInputElement).value).toBe('50000.00');
    fireEvent.click(screen.getByTestId('notice-move'));
    const offered = await screen.findAllByRole('menuitem', {}, { timeout: 5000 });
    expect(offered.map((item) => item.textContent)).toEqual([
      'Under review',
      'Reply drafted',
      'Replied or paid',
      'Hearing',
      'Order',
      'Closed',
    ]);
    fireEvent.click(screen.getByTestId('notice-move-Replied'));
    expect((await screen.findByLabelText('Reply ARN', {}, { timeout: 5000 })) as HTMLInputElement).toBeTruthy();
    type('move-reference', 'AA271126000123X');
    type('move-amount', '1,000.50');
    type('move-note', 'Reply with reconciliation filed on the portal');
    fireEvent.click(screen.getByTestId('move-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/litigation/move'))?.body).toEqual({
        id: 5,
        toStage: 'Replied',
        eventDate: '2026-11-27',
        reference: 'AA271126000123X',
        amount: 100050,
        note: 'Reply with reconciliation filed on the portal',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('notice-status').textContent).toBe('REP · Replied'));
  });

  it('at Order shows the appeal deadline and the pre-deposit on the disputed tax', async () => {
    const atOrder = detail(6, {
      stage: 'Order',
      status: 'REP',
      nextStages: ['AppealFiled', 'Closed'],
      events: [
        ...detail(6).events,
        {
          id: 2,
          action: 'StageChanged',
          fromStage: 'Received',
          toStage: 'Order',
          eventDate: '2026-11-20',
          reference: 'ZD271126000999Y',
          amount: 10_000_000,
          note: '',
          userName: 'Admin',
          at: '2026-11-21T10:00:00.000Z',
        },
      ],
    });
    stubApi((url) => lookups(url) ?? (url.includes('/litigation/detail') ? json(atOrder) : json({})));
    renderScreen('/edit-litigation?id=6');
    // CGST s.107(1), (4): three months from the order, one more if condoned.
    expect((await screen.findByTestId('notice-appeal-deadline', {}, { timeout: 5000 })).textContent).toBe(
      'Appeal by 20-02-2027 (three months from the order of 20-11-2026); the Appellate Authority may condone a delay up to 20-03-2027 (CGST Act s.107(1), 107(4)).',
    );
    // s.107(6): 10% of the disputed tax (₹50,000 CGST + ₹50,000 SGST), nothing admitted yet.
    expect(screen.getByTestId('notice-pre-deposit').textContent).toBe(
      'Pre-deposit: ₹ 10,000.00 = the amount admitted (₹ 0.00) and 10% of the disputed tax (₹ 10,000.00) (CGST s.107(6)).',
    );
    type('notice-admitted', '1,500');
    expect(screen.getByTestId('notice-pre-deposit').textContent).toContain('₹ 11,500.00');
    // The appeal is filed from here: its reference is the APL-01's ARN.
    fireEvent.click(screen.getByTestId('notice-move'));
    fireEvent.click(await screen.findByTestId('notice-move-AppealFiled', {}, { timeout: 5000 }));
    expect(await screen.findByLabelText('APL-01 ARN', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('picks the consultants from the lookup and the tags in their colours, keeps an inactive tag or a consultant no longer offered, and sends them', async () => {
    const loaded = detail(8, {
      tagIds: [4],
      consultants: [{ id: 19, displayName: 'Former Counsel' }],
    });
    const calls = stubApi(
      (url) =>
        lookups(url) ?? (url.includes('/litigation/detail') ? json(loaded) : url.includes('/litigation/save') ? json(loaded) : json({})),
    );
    renderScreen('/edit-litigation?id=8');
    const picker = await screen.findByTestId('notice-consultants', {}, { timeout: 5000 });
    expect(screen.getByText('Consultants who may see and work on this notice (Manage Consultants).')).toBeTruthy();
    // The assigned one the lookup no longer offers stays, by its name; the inactive tag stays with its colour.
    await waitFor(() => expect(screen.getAllByText('Former Counsel').length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(screen.getAllByTestId('notice-tag').map((b) => [b.textContent, b.dataset.color])).toEqual([['Archived', 'gray']]),
    );
    await pick(picker, 'Meera Iyer (Iyer & Co)');
    const tags = screen.getByTestId('notice-tags-picker');
    fireEvent.click(tags);
    await waitFor(() => expect(tags.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(tags.getAttribute('aria-controls') ?? '');
    // Active tags are offered (the inactive one only because the notice carries it), each with its colour swatch.
    expect(listbox?.querySelectorAll('.mantine-ColorSwatch-root').length).toBeGreaterThanOrEqual(2);
    await pick(tags, 'High stake');
    await waitFor(() =>
      expect(screen.getAllByTestId('notice-tag').map((b) => [b.textContent, b.dataset.color])).toEqual([
        ['Archived', 'gray'],
        ['High stake', 'red'],
      ]),
    );
    // A level (Level Master) whose users are reminded with the assignee.
    await pick(screen.getByTestId('notice-assignee-level'), 'GST head');
    fireEvent.click(screen.getByTestId('notice-save'));
    await waitFor(() => expect(calls.find((c) => c.url.includes('/litigation/save'))).toBeTruthy());
    expect(calls.find((c: Call) => c.url.includes('/litigation/save'))?.body).toMatchObject({
      id: 8,
      tagIds: [4, 5],
      consultantIds: [19, 11],
      assigneeLevelId: 3,
    });
  });

  it('leaves a consultant signed in the consultants as they are: the picker is shown, not changeable', async () => {
    const loaded = detail(9, { consultants: [{ id: 11, displayName: 'Meera Iyer' }] });
    stubApi(
      (url) =>
        (url.includes('/litigation/options') ? json({ ...options, viewerConsultantId: 11 }) : undefined) ??
        lookups(url) ??
        (url.includes('/litigation/detail') ? json(loaded) : json({})),
    );
    renderScreen('/edit-litigation?id=9');
    const picker = await screen.findByTestId('notice-consultants', {}, { timeout: 5000 });
    await waitFor(() => expect(picker.hasAttribute('disabled')).toBe(true));
    expect(screen.getByText('Only the organisation assigns consultants: yours are kept as they are.')).toBeTruthy();
  });
});
