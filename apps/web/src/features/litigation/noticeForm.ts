import { litigationText as lt, type NoticeDetail, type NoticeSave } from '@opengst/contracts';
import { contingentTreatment, formatRupees, parseAmount, type ContingentClass } from '@opengst/domain';

// The notice screen's form: what the inputs hold (text as typed, amounts in rupees) and the conversions to and from
// the API's shape (integer paise, ISO dates, nulls for what is not given).

export const DEMAND_HEADS = ['taxIgst', 'taxCgst', 'taxSgst', 'taxCess', 'interest', 'penalty'] as const;
export type DemandHead = (typeof DEMAND_HEADS)[number];
export const TAX_HEADS = ['taxIgst', 'taxCgst', 'taxSgst', 'taxCess'] as const;

export type NoticeDraft = {
  id?: number;
  entityId: string;
  form: string;
  referenceNumber: string;
  issuedOn: string;
  receivedOn: string;
  statedDueOn: string;
  financialYears: string[];
  section: string;
  subject: string;
  officerName: string;
  officerDesignation: string;
  jurisdiction: string;
  demand: Record<DemandHead, string>;
  contingentClass: ContingentClass | '';
  contingentAmount: string;
  contingentAsOf: string;
  assigneeUserId: string;
  /** An approval level (/level-master) whose users are reminded too. */
  assigneeLevelId: string;
  /** Notice tags (/notice-tag), as the MultiSelect holds them. */
  tagIds: string[];
  /** Consultants (/manage-consultants) who may see and work on it. */
  consultantIds: string[];
};

/** The form's fields, as the server names them in its refusals (propertyName, last segment). */
export const NOTICE_FIELDS = [
  'entityId',
  'form',
  'referenceNumber',
  'issuedOn',
  'receivedOn',
  'statedDueOn',
  'financialYears',
  'section',
  'subject',
  'officerName',
  'officerDesignation',
  'jurisdiction',
  ...DEMAND_HEADS,
  'classification',
  'amount',
  'asOf',
  'assigneeUserId',
  'assigneeLevelId',
  'tagIds',
  'consultantIds',
] as const;

export const emptyDraft = (): NoticeDraft => ({
  entityId: '',
  form: '',
  referenceNumber: '',
  issuedOn: '',
  receivedOn: '',
  statedDueOn: '',
  financialYears: [],
  section: '',
  subject: '',
  officerName: '',
  officerDesignation: '',
  jurisdiction: '',
  demand: { taxIgst: '', taxCgst: '', taxSgst: '', taxCess: '', interest: '', penalty: '' },
  contingentClass: '',
  contingentAmount: '',
  contingentAsOf: '',
  assigneeUserId: '',
  assigneeLevelId: '',
  tagIds: [],
  consultantIds: [],
});

const rupees = (paise: number | null): string => (paise === null || paise === 0 ? '' : formatRupees(paise));

export const draftOf = (d: NoticeDetail): NoticeDraft => ({
  id: d.id,
  entityId: String(d.entityId),
  form: d.form,
  referenceNumber: d.referenceNumber,
  issuedOn: d.issuedOn,
  receivedOn: d.receivedOn ?? '',
  statedDueOn: d.statedDueOn ?? '',
  financialYears: d.financialYears,
  section: d.section,
  subject: d.subject,
  officerName: d.officerName,
  officerDesignation: d.officerDesignation,
  jurisdiction: d.jurisdiction,
  demand: {
    taxIgst: rupees(d.demand.taxIgst),
    taxCgst: rupees(d.demand.taxCgst),
    taxSgst: rupees(d.demand.taxSgst),
    taxCess: rupees(d.demand.taxCess),
    interest: rupees(d.demand.interest),
    penalty: rupees(d.demand.penalty),
  },
  contingentClass: d.contingentClass ?? '',
  contingentAmount: rupees(d.contingentAmount),
  contingentAsOf: d.contingentAsOf ?? '',
  assigneeUserId: d.assigneeUserId ? String(d.assigneeUserId) : '',
  assigneeLevelId: d.assigneeLevelId ? String(d.assigneeLevelId) : '',
  tagIds: d.tagIds.map(String),
  consultantIds: d.consultants.map((c) => String(c.id)),
});

/** Paise of a typed rupee amount (exact, by the domain's parser); blank is 0; NaN when it is not an amount. */
export const paiseOf = (text: string): number => {
  if (text.trim() === '') return 0;
  const parsed = parseAmount(text);
  return parsed.ok && parsed.paise >= 0 ? parsed.paise : Number.NaN;
};

/** The sum of the typed heads in paise, the ones not yet amounts left out. */
export const demandTotal = (demand: NoticeDraft['demand'], heads: readonly DemandHead[] = DEMAND_HEADS): number =>
  heads.reduce((sum, head) => {
    const paise = paiseOf(demand[head]);
    return Number.isNaN(paise) ? sum : sum + paise;
  }, 0);

/** The form's own checks before sending: the required fields and the amounts. Keyed like NOTICE_FIELDS. */
export const checkDraft = (draft: NoticeDraft): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const field of ['entityId', 'form', 'referenceNumber', 'issuedOn'] as const) {
    if (draft[field].trim() === '') errors[field] = lt('notice.required');
  }
  for (const head of DEMAND_HEADS) if (Number.isNaN(paiseOf(draft.demand[head]))) errors[head] = lt('notice.amountInvalid');
  if (draft.contingentClass) {
    if (Number.isNaN(paiseOf(draft.contingentAmount))) errors.amount = lt('notice.amountInvalid');
    if (!draft.contingentAsOf) errors.asOf = lt('notice.required');
  }
  return errors;
};

/** The save request of a checked draft. */
export const saveOf = (draft: NoticeDraft): NoticeSave => ({
  ...(draft.id ? { id: draft.id } : {}),
  entityId: Number(draft.entityId),
  form: draft.form,
  referenceNumber: draft.referenceNumber.trim(),
  issuedOn: draft.issuedOn,
  receivedOn: draft.receivedOn || null,
  statedDueOn: draft.statedDueOn || null,
  financialYears: draft.financialYears,
  section: draft.section.trim(),
  subject: draft.subject.trim(),
  officerName: draft.officerName.trim(),
  officerDesignation: draft.officerDesignation.trim(),
  jurisdiction: draft.jurisdiction.trim(),
  demand: {
    taxIgst: paiseOf(draft.demand.taxIgst),
    taxCgst: paiseOf(draft.demand.taxCgst),
    taxSgst: paiseOf(draft.demand.taxSgst),
    taxCess: paiseOf(draft.demand.taxCess),
    interest: paiseOf(draft.demand.interest),
    penalty: paiseOf(draft.demand.penalty),
  },
  contingent: draft.contingentClass
    ? { classification: draft.contingentClass, amount: paiseOf(draft.contingentAmount), asOf: draft.contingentAsOf }
    : null,
  assigneeUserId: draft.assigneeUserId ? Number(draft.assigneeUserId) : null,
  assigneeLevelId: draft.assigneeLevelId ? Number(draft.assigneeLevelId) : null,
  tagIds: draft.tagIds.map(Number),
  consultantIds: draft.consultantIds.map(Number),
});

/** Ind AS 37's treatment of a class, in words. */
export const treatmentText = (classification: ContingentClass): string => {
  const treatment = contingentTreatment(classification);
  return lt(
    treatment === 'Provision'
      ? 'notice.treatmentProvision'
      : treatment === 'Disclosure'
        ? 'notice.treatmentDisclosure'
        : 'notice.treatmentNone',
  );
};
