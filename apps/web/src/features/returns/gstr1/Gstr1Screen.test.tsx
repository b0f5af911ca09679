import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReturnDetail, ReturnSectionSummary } from '@opengst/contracts';
import { Gstr1aScreen, Gstr1Screen } from './Gstr1Screen';
import { json, renderAt, stubApi } from '../../../test/screenTestSupport';

// The screen against a stubbed API: it polls the detail while the generation runs, then shows the summary, the
// sandbox notice and each action enabled or disabled with its reason; a section opens its documents.

const zero = (section: ReturnSectionSummary['section']): ReturnSectionSummary => ({
  section,
  records: 0,
  taxable: 0,
  igst: 0,
  cgst: 0,
  sgst: 0,
  cess: 0,
});
const SUMMARY: ReturnSectionSummary[] = [
  { section: 'b2b', records: 2, taxable: 1_50_000_00, igst: 27_000_00, cgst: 0, sgst: 0, cess: 0 },
  zero('b2cl'),
  { section: 'cdnr', records: 1, taxable: -10_000_00, igst: -1_800_00, cgst: 0, sgst: 0, cess: 0 },
  { section: 'hsn_b2b', records: 1, taxable: 1_40_000_00, igst: 25_200_00, cgst: 0, sgst: 0, cess: 0 },
];
const detail = (patch: Partial<ReturnDetail>): ReturnDetail => ({
  id: 12,
  entityId: 5,
  entityName: 'Mumbai',
  gstin: '27AAPFU0939F1ZV',
  returnType: 'GSTR1',
  financialYear: '2026-27',
  returnPeriod: '102026',
  dueDate: '2099-11-11',
  status: 'NotSubmitted',
  generationStatus: 'Completed',
  generationMessage: null,
  generatedAt: '2026-11-02T10:00:00Z',
  documentCount: 3,
  summary: SUMMARY,
  portalReferenceId: null,
  portalSaveStatus: null,
  savedAt: null,
  submittedAt: null,
  filedAt: null,
  arn: null,
  lastError: null,
  errorCount: 0,
  stale: false,
  isOpen: true,
  deadline: 'Due',
  corrections: { held: 0, open: 0, elsewhere: [] },
  ...patch,
});

const SECTION_ROW = {
  documentId: 91,
  documentType: 'INV',
  documentNumber: 'INV-001',
  documentDate: '2026-10-05',
  counterpartyGstin: '29AAGCB1286Q1Z4',
  counterpartyName: 'Buyer',
  placeOfSupply: '29',
  taxable: 1_00_000_00,
  igst: 18_000_00,
  cgst: 0,
  sgst: 0,
  cess: 0,
  documentValue: 1_18_000_00,
  portalError: null,
};

/** The detail answers each of `details` in turn (then the last again); the session is active at the sandbox. */
const stubReturn = (details: ReturnDetail[]) => {
  let detailCalls = 0;
  return stubApi((url) => {
    if (url.includes('/returns/gstr1/detail')) return json(details[Math.min(detailCalls++, details.length - 1)]);
    if (url.includes('/returns/portal/session'))
      return json({ entityId: 5, gstin: '27AAPFU0939F1ZV', hasCredentials: true, active: true, expiresAt: null, sandbox: true });
    if (url.includes('/returns/gstr1/section/search')) return json({ items: [SECTION_ROW], totalRecords: 1 });
    return json([]);
  });
};

const renderScreen = () =>
  renderAt(<Gstr1Screen />, '/gstr-1?entityId=5&returnPeriod=102026', ['Gstr1Prepare', 'Gstr1File', 'ReturnsView']);

describe('Gstr1Screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('polls while generating, then shows the summary, the sandbox notice and the actions with their reasons', async () => {
    const calls = stubReturn([
      detail({ generationStatus: 'InProgress', generatedAt: null, summary: SUMMARY.map((row) => zero(row.section)) }),
      detail({}),
    ]);
    renderScreen();
    expect(await screen.findByTestId('generation-progress')).toBeTruthy();
    expect(calls.find((call) => call.url.includes('/detail'))?.url).toContain(
      '/returns/gstr1/detail?entityId=5&returnType=GSTR1&returnPeriod=102026',
    );

    // The next poll (poolingTime 1 s) brings the finished generation.
    await waitFor(() => expect(screen.getByTestId('section-b2b-records').textContent).toBe('2'), { timeout: 3000 });
    expect(screen.queryByTestId('generation-progress')).toBeNull();
    expect(screen.getByTestId('section-b2b-taxable').textContent).toBe('1,50,000.00');
    expect(screen.getByTestId('section-cdnr-taxable').textContent).toBe('-10,000.00');
    // HSN restates b2b: the totals are b2b plus the (negative) notes only.
    expect(screen.getByTestId('section-total-taxable').textContent).toBe('1,40,000.00');
    expect(screen.getByTestId('section-total-igst').textContent).toBe('25,200.00');
    expect(screen.getByTestId('sandbox-notice').textContent).toContain('575757');

    expect(screen.getByTestId('action-generate').hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('action-save').hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('action-submit').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('action-submit').closest('[data-why]')?.getAttribute('data-why')).toBe('returns.why.notSaved');
    expect(screen.getByTestId('action-file').closest('[data-why]')?.getAttribute('data-why')).toBe('returns.why.notSubmitted');

    // The completed generation stops the polling.
    const polled = calls.filter((call) => call.url.includes('/detail')).length;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(calls.filter((call) => call.url.includes('/detail')).length).toBe(polled);

    // A section opens its documents, each linking to the document screen.
    fireEvent.click(screen.getByTestId('section-row-b2b'));
    const documents = await screen.findByTestId('section-document-INV-001');
    expect(within(documents).getByText('INV-001').closest('a')?.getAttribute('href')).toBe('/edit-document?id=91&type=Sales');
    const search = calls.find((call) => call.url.includes('/section/search'));
    expect(search?.body).toMatchObject({ id: 12, section: 'b2b', start: 0, size: 50 });
  }, 20_000);

  it('tells a stale return to be generated again and blocks the save with that reason', async () => {
    stubReturn([detail({ stale: true })]);
    renderScreen();
    expect((await screen.findByTestId('return-stale')).textContent).toBe('Documents changed since generation: generate again.');
    expect(screen.getByTestId('action-save').closest('[data-why]')?.getAttribute('data-why')).toBe('returns.why.stale');
  });

  it('shows the ARN of a filed return', async () => {
    stubReturn([
      detail({
        status: 'Filed',
        savedAt: '2026-11-02T11:00:00Z',
        portalSaveStatus: 'P',
        submittedAt: '2026-11-03T09:00:00Z',
        filedAt: '2026-11-03T09:05:00Z',
        arn: 'AA271026000123X',
      }),
    ]);
    renderScreen();
    expect((await screen.findByTestId('return-arn')).textContent).toBe('AA271026000123X');
    expect(screen.getByTestId('return-status').textContent).toBe('Filed');
    expect(screen.getByTestId('step-filed').getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('action-file').closest('[data-why]')?.getAttribute('data-why')).toBe('returns.why.filed');
  });

  it('shows a GSTR-1A as optional and says where each correction is reported (issue 17, item 6)', async () => {
    stubReturn([
      detail({
        returnType: 'GSTR1A',
        dueDate: '2026-11-20',
        documentCount: 1,
        deadline: 'Optional',
        corrections: { held: 1, open: 2, elsewhere: [{ returnType: 'GSTR1', returnPeriod: '112026', documents: 3 }] },
      }),
    ]);
    renderAt(<Gstr1aScreen />, '/gstr-1a?entityId=5&returnPeriod=102026', ['Gstr1Prepare', 'Gstr1File', 'ReturnsView']);
    expect((await screen.findByTestId('gstr1a-purpose')).textContent).toBe("Optional: correct this period's GSTR-1 before filing GSTR-3B");
    expect(screen.getByTestId('due-date').getAttribute('data-overdue')).toBe('false');
    expect(screen.getByTestId('due-date').textContent).toContain('Optional');
    const notice = screen.getByTestId('corrections-notice');
    expect(within(notice).getByTestId('corrections-held').textContent).toBe("Corrections of this period's filed GSTR-1 reported here: 1.");
    expect(within(notice).getByTestId('corrections-open').textContent).toContain('Waiting to be reported: 2');
    expect(within(notice).getByTestId('corrections-elsewhere-GSTR1-112026').textContent).toBe(
      'Reported in GSTR-1 of Nov 2026 instead, which holds them: 3.',
    );
  });
});
