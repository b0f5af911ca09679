import { hasGstr1a, isReturnOverdue } from '@opengst/domain';
import type {
  PortalSession,
  ReturnDeadline,
  ReturnDetail,
  ReturnFilingStatus,
  ReturnSectionSummary,
  ListedReturnForm,
} from '@opengst/contracts';
import type { TextKey } from '../../i18n/useText';

// What the return screens derive from the API's answers: links, overdue, which action may run now and why not, the
// totals of the section summary, and when to poll.

/** UI.md: green filed, amber on the way, red error, grey not started; the status is also written out. */
export const RETURN_STATUS_COLOR: Record<ReturnFilingStatus, string> = {
  NotSubmitted: 'gray',
  Submitted: 'yellow',
  Signed: 'yellow',
  Filed: 'green',
  Error: 'red',
};

export const RETURN_ROUTES: Record<ListedReturnForm, '/gstr-1' | '/gstr-1a' | '/gstr-3b'> = {
  GSTR1: '/gstr-1',
  GSTR1A: '/gstr-1a',
  GSTR3B: '/gstr-3b',
};

const withQuery = (path: string, query: Record<string, string | number>): string =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString()}`;

export const returnLink = (returnType: ListedReturnForm, entityId: number, returnPeriod: string): string =>
  withQuery(RETURN_ROUTES[returnType], { entityId, returnPeriod });
export const overviewLink = (entityId: number, returnPeriod: string): string => withQuery('/regular-overview', { entityId, returnPeriod });
export const salesRegisterLink = (entityId: number, returnPeriod: string): string =>
  withQuery('/regular-sales', { entityId, returnPeriod });
export const documentLink = (documentId: number): string => withQuery('/edit-document', { id: documentId, type: 'Sales' });

/**
 * A return is overdue once its due date has passed and it is not filed, and only a due one: never an optional GSTR-1A,
 * a period before the location's registration, or one before the location was added with no registration date known
 * (the domain's isReturnOverdue).
 */
export const isOverdue = (row: { dueDate: string; status: ReturnFilingStatus; deadline: ReturnDeadline }, todayIso: string): boolean =>
  isReturnOverdue(row.deadline, row.dueDate, row.status === 'Filed', todayIso);

export const todayIso = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** While the books are turned into the return, or the portal still processes a save, the screen polls the detail. */
export const isGenerating = (detail: Pick<ReturnDetail, 'generationStatus'>): boolean => detail.generationStatus === 'InProgress';
export const isSaving = (detail: Pick<ReturnDetail, 'portalSaveStatus'>): boolean => detail.portalSaveStatus === 'IP';
export const needsPolling = (detail: ReturnDetail | undefined): boolean =>
  detail !== undefined && (isGenerating(detail) || isSaving(detail));

export type Gstr1Action = 'generate' | 'download' | 'save' | 'submit' | 'file';
export type ActionRights = { Gstr1Prepare: boolean; Gstr1File: boolean; ReturnsView: boolean };
/** null: the action may run; otherwise the text saying why not. */
export type ActionState = Record<Gstr1Action, TextKey | null>;

const isLockedAtPortal = (status: ReturnFilingStatus): boolean => status === 'Submitted' || status === 'Signed' || status === 'Filed';

/** Why a return cannot be generated for its period: before the registration, no GSTR-1A yet, or its GSTR-1 not filed. */
const closedReason = (detail: ReturnDetail): TextKey =>
  detail.deadline === 'BeforeRegistration'
    ? 'returns.why.beforeRegistration'
    : detail.returnType === 'GSTR1A' && !hasGstr1a(detail.returnPeriod)
      ? 'returns.why.noGstr1a'
      : 'returns.why.gstr1NotFiled';

/**
 * Why each action cannot run now (first reason wins), in the order a user meets them: the right, the return's state at
 * the portal, a generation or save still running, nothing generated, documents changed since generation, no portal
 * session. The server checks again; this only explains the disabled buttons.
 */
export const gstr1ActionState = (detail: ReturnDetail, session: PortalSession | undefined, rights: ActionRights): ActionState => {
  const generated = detail.id !== null && detail.generationStatus === 'Completed';
  const busy: TextKey | null = isGenerating(detail) ? 'returns.why.generating' : isSaving(detail) ? 'returns.why.saving' : null;
  const lockedReason: TextKey | null =
    detail.status === 'Filed' ? 'returns.why.filed' : isLockedAtPortal(detail.status) ? 'returns.why.submitted' : null;
  const notGenerated: TextKey | null = generated ? null : 'returns.why.notGenerated';
  const stale: TextKey | null = detail.stale ? 'returns.why.stale' : null;
  const noSession: TextKey | null = session?.active ? null : 'returns.why.noSession';
  const first = (...reasons: (TextKey | null)[]): TextKey | null => reasons.find((reason) => reason !== null) ?? null;
  // The portal accepts a submit only after a save it processed without errors (P).
  const savedAtPortal = detail.savedAt !== null && detail.portalSaveStatus === 'P';
  return {
    generate: first(rights.Gstr1Prepare ? null : 'right.noAccess', detail.isOpen ? null : closedReason(detail), lockedReason, busy),
    // The server serves the JSON to every returns viewer (RETURN_API.download under ReturnsView).
    download: first(rights.ReturnsView ? null : 'right.noAccess', busy, notGenerated),
    save: first(rights.Gstr1File ? null : 'right.noAccess', lockedReason, busy, notGenerated, stale, noSession),
    submit: first(
      rights.Gstr1File ? null : 'right.noAccess',
      lockedReason,
      busy,
      notGenerated,
      stale,
      savedAtPortal ? null : 'returns.why.notSaved',
      noSession,
    ),
    file: first(
      rights.Gstr1File ? null : 'right.noAccess',
      detail.status === 'Filed' ? 'returns.why.filed' : null,
      detail.status === 'Submitted' ? null : 'returns.why.notSubmitted',
      noSession,
    ),
  };
};

/**
 * The sections whose amounts add up to the supplies of the return. HSN (table 12) and documents issued (table 13)
 * restate the same supplies, and table 14 reports supplies through e-commerce operators already in the other
 * tables, so adding them would count those amounts twice.
 */
const RESTATING_SECTIONS = new Set(['hsn_b2b', 'hsn_b2c', 'doc_issue', 'supeco']);
export const isSupplySection = (section: string): boolean => !RESTATING_SECTIONS.has(section);

export type SectionTotals = Omit<ReturnSectionSummary, 'section'>;
export const supplyTotals = (summary: readonly ReturnSectionSummary[]): SectionTotals =>
  summary
    .filter((row) => isSupplySection(row.section))
    .reduce<SectionTotals>(
      (sum, row) => ({
        records: sum.records + row.records,
        taxable: sum.taxable + row.taxable,
        igst: sum.igst + row.igst,
        cgst: sum.cgst + row.cgst,
        sgst: sum.sgst + row.sgst,
        cess: sum.cess + row.cess,
      }),
      { records: 0, taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 },
    );

export const jsonFileName = (detail: Pick<ReturnDetail, 'returnType' | 'gstin' | 'returnPeriod'>): string =>
  `${detail.returnType}_${detail.gstin}_${detail.returnPeriod}.json`;

/** The GSTIN and period a return screen is opened for (?entityId=&returnPeriod=); the current period when absent or wrong. */
export const readReturnQuery = (params: URLSearchParams, currentPeriod: string): { entityId: number | null; returnPeriod: string } => {
  const entityId = Number(params.get('entityId'));
  const period = params.get('returnPeriod') ?? '';
  return {
    entityId: Number.isInteger(entityId) && entityId > 0 ? entityId : null,
    returnPeriod: /^(0[1-9]|1[0-2])\d{4}$/.test(period) ? period : currentPeriod,
  };
};
