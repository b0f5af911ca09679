import { describe, expect, it } from 'vitest';
import type { PortalSession, ReturnDetail, ReturnSectionSummary } from '@opengst/contracts';
import {
  gstr1ActionState,
  isOverdue,
  jsonFileName,
  needsPolling,
  readReturnQuery,
  returnLink,
  salesRegisterLink,
  supplyTotals,
  type ActionRights,
} from './returnRules';

const detail = (patch: Partial<ReturnDetail> = {}): ReturnDetail => ({
  id: 12,
  entityId: 5,
  entityName: 'Mumbai',
  gstin: '27AAPFU0939F1ZV',
  returnType: 'GSTR1',
  financialYear: '2026-27',
  returnPeriod: '102026',
  dueDate: '2026-11-11',
  status: 'NotSubmitted',
  generationStatus: 'Completed',
  generationMessage: null,
  generatedAt: '2026-11-02T10:00:00Z',
  documentCount: 3,
  summary: [],
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
const session = (patch: Partial<PortalSession> = {}): PortalSession => ({
  entityId: 5,
  gstin: '27AAPFU0939F1ZV',
  hasCredentials: true,
  active: true,
  expiresAt: null,
  sandbox: true,
  ...patch,
});
const ALL: ActionRights = { Gstr1Prepare: true, Gstr1File: true, ReturnsView: true };
const saved = { savedAt: '2026-11-02T11:00:00Z', portalSaveStatus: 'P' } as const;

describe('gstr1ActionState', () => {
  it('allows generate and download of a generated return, and save once a portal session is active', () => {
    expect(gstr1ActionState(detail(), session(), ALL)).toEqual({
      generate: null,
      download: null,
      save: null,
      submit: 'returns.why.notSaved',
      file: 'returns.why.notSubmitted',
    });
  });

  it("keeps a GSTR-1A closed until the period's GSTR-1 is filed", () => {
    const closed = detail({ id: null, returnType: 'GSTR1A', generationStatus: 'YetNotStarted', generatedAt: null, isOpen: false });
    expect(gstr1ActionState(closed, session(), ALL).generate).toBe('returns.why.gstr1NotFiled');
    expect(gstr1ActionState({ ...closed, isOpen: true }, session(), ALL).generate).toBeNull();
  });

  it('says why a return of a period before the registration, or a GSTR-1A before July 2024, cannot be generated', () => {
    const before = detail({ id: null, isOpen: false, deadline: 'BeforeRegistration' });
    expect(gstr1ActionState(before, session(), ALL).generate).toBe('returns.why.beforeRegistration');
    const june = detail({ id: null, returnType: 'GSTR1A', returnPeriod: '062024', isOpen: false, deadline: 'Optional' });
    expect(gstr1ActionState(june, session(), ALL).generate).toBe('returns.why.noGstr1a');
  });

  it('says to generate first while the return was never generated', () => {
    const state = gstr1ActionState(detail({ id: null, generationStatus: 'YetNotStarted', generatedAt: null }), session(), ALL);
    expect(state).toMatchObject({
      generate: null,
      download: 'returns.why.notGenerated',
      save: 'returns.why.notGenerated',
      submit: 'returns.why.notGenerated',
    });
  });

  it('blocks save and submit of a stale return with the regenerate reason, but still lets it be downloaded and generated', () => {
    const state = gstr1ActionState(detail({ stale: true, ...saved }), session(), ALL);
    expect(state).toMatchObject({ generate: null, download: null, save: 'returns.why.stale', submit: 'returns.why.stale' });
  });

  it('asks to connect to the portal before save and submit', () => {
    expect(gstr1ActionState(detail(saved), session({ active: false }), ALL)).toMatchObject({
      save: 'returns.why.noSession',
      submit: 'returns.why.noSession',
    });
    expect(gstr1ActionState(detail(saved), undefined, ALL).save).toBe('returns.why.noSession');
  });

  it('waits while a generation or a save runs', () => {
    expect(gstr1ActionState(detail({ generationStatus: 'InProgress' }), session(), ALL)).toMatchObject({
      generate: 'returns.why.generating',
      download: 'returns.why.generating',
      save: 'returns.why.generating',
    });
    expect(gstr1ActionState(detail({ portalSaveStatus: 'IP', savedAt: null }), session(), ALL)).toMatchObject({
      save: 'returns.why.saving',
      submit: 'returns.why.saving',
    });
  });

  it('allows submit only after a save the portal processed without errors', () => {
    expect(gstr1ActionState(detail(saved), session(), ALL).submit).toBeNull();
    expect(gstr1ActionState(detail({ ...saved, portalSaveStatus: 'PE' }), session(), ALL).submit).toBe('returns.why.notSaved');
    expect(gstr1ActionState(detail({ ...saved, portalSaveStatus: 'ER' }), session(), ALL).submit).toBe('returns.why.notSaved');
  });

  it('locks everything but download and file once submitted, and everything but download once filed', () => {
    const submitted = gstr1ActionState(detail({ ...saved, status: 'Submitted', submittedAt: '2026-11-03T09:00:00Z' }), session(), ALL);
    expect(submitted).toEqual({
      generate: 'returns.why.submitted',
      download: null,
      save: 'returns.why.submitted',
      submit: 'returns.why.submitted',
      file: null,
    });
    expect(gstr1ActionState(detail({ ...saved, status: 'Submitted' }), session({ active: false }), ALL).file).toBe('returns.why.noSession');
    const filed = gstr1ActionState(detail({ ...saved, status: 'Filed', arn: 'AA2710260000001' }), session(), ALL);
    expect(filed).toEqual({
      generate: 'returns.why.filed',
      download: null,
      save: 'returns.why.filed',
      submit: 'returns.why.filed',
      file: 'returns.why.filed',
    });
  });

  it('names the missing right first', () => {
    const viewer = gstr1ActionState(detail(saved), session(), { Gstr1Prepare: false, Gstr1File: false, ReturnsView: true });
    expect(viewer).toEqual({
      generate: 'right.noAccess',
      download: null,
      save: 'right.noAccess',
      submit: 'right.noAccess',
      file: 'right.noAccess',
    });
    expect(gstr1ActionState(detail(), session(), { Gstr1Prepare: true, Gstr1File: true, ReturnsView: false }).download).toBe(
      'right.noAccess',
    );
  });
});

describe('needsPolling', () => {
  it('polls while generating or while the portal processes a save, and not otherwise', () => {
    expect(needsPolling(detail({ generationStatus: 'InProgress' }))).toBe(true);
    expect(needsPolling(detail({ portalSaveStatus: 'IP' }))).toBe(true);
    expect(needsPolling(detail({ portalSaveStatus: 'PE' }))).toBe(false);
    expect(needsPolling(detail({ generationStatus: 'Failed' }))).toBe(false);
    expect(needsPolling(undefined)).toBe(false);
  });
});

describe('isOverdue', () => {
  const row = (status: ReturnDetail['status'], deadline: ReturnDetail['deadline'] = 'Due') => ({ dueDate: '2026-11-11', status, deadline });
  it('is overdue the day after the due date unless filed', () => {
    expect(isOverdue(row('NotSubmitted'), '2026-11-11')).toBe(false);
    expect(isOverdue(row('NotSubmitted'), '2026-11-12')).toBe(true);
    expect(isOverdue(row('Submitted'), '2026-12-01')).toBe(true);
    expect(isOverdue(row('Filed'), '2026-12-01')).toBe(false);
  });
  it('is never overdue for an optional GSTR-1A, nor an untracked period or one before the registration', () => {
    expect(isOverdue(row('NotSubmitted', 'Optional'), '2026-12-01')).toBe(false);
    expect(isOverdue(row('NotSubmitted', 'NotTracked'), '2026-12-01')).toBe(false);
    expect(isOverdue(row('NotSubmitted', 'BeforeRegistration'), '2026-12-01')).toBe(false);
  });
});

describe('supplyTotals', () => {
  const row = (section: ReturnSectionSummary['section'], records: number, taxable: number, igst = 0): ReturnSectionSummary => ({
    section,
    records,
    taxable,
    igst,
    cgst: 0,
    sgst: 0,
    cess: 0,
  });
  it('adds the supply sections with credit notes negative, and leaves out the sections that restate them', () => {
    const totals = supplyTotals([
      row('b2b', 2, 150_000_00, 27_000_00),
      row('cdnr', 1, -10_000_00, -1_800_00),
      row('b2cs', 1, 5_000_00),
      row('hsn_b2b', 3, 150_000_00, 27_000_00),
      row('doc_issue', 4, 0),
      row('supeco', 1, 5_000_00),
    ]);
    expect(totals).toEqual({ records: 4, taxable: 145_000_00, igst: 25_200_00, cgst: 0, sgst: 0, cess: 0 });
  });
});

describe('links and the query', () => {
  it('opens a return, the sales register and reads the address back', () => {
    expect(returnLink('GSTR1', 5, '102026')).toBe('/gstr-1?entityId=5&returnPeriod=102026');
    expect(returnLink('GSTR1A', 5, '102026')).toBe('/gstr-1a?entityId=5&returnPeriod=102026');
    expect(returnLink('GSTR3B', 5, '102026')).toBe('/gstr-3b?entityId=5&returnPeriod=102026');
    expect(salesRegisterLink(5, '102026')).toBe('/regular-sales?entityId=5&returnPeriod=102026');
    expect(readReturnQuery(new URLSearchParams('entityId=5&returnPeriod=102026'), '112026')).toEqual({
      entityId: 5,
      returnPeriod: '102026',
    });
    expect(readReturnQuery(new URLSearchParams('entityId=x&returnPeriod=132026'), '112026')).toEqual({
      entityId: null,
      returnPeriod: '112026',
    });
    expect(readReturnQuery(new URLSearchParams(''), '112026')).toEqual({ entityId: null, returnPeriod: '112026' });
  });

  it('names the JSON by return type, GSTIN and period', () => {
    expect(jsonFileName(detail())).toBe('GSTR1_27AAPFU0939F1ZV_102026.json');
  });
});
