import {
  type Direction,
  type DocumentDetail,
  type DocumentIssue,
  type DocumentItem,
  type DocumentSaveInput,
  documentTotals,
  type DocumentTotals,
} from '@opengst/contracts';
import { computeDocumentTaxes, formatRupees, parseAmount, validateGstin } from '@opengst/domain';

// The document screen's form: what the inputs hold (text as typed), and the conversions to and from the API's integers
// (paise, milli-percent, thousandths). Kept pure so the rules are tested without a browser.

export type ItemForm = {
  /** Stable React key of the line. */
  key: number;
  hsn: string;
  description: string;
  uqc: string;
  /** As typed, in the unit (up to 3 decimals). */
  quantity: string;
  /** Rupees as typed. */
  taxable: string;
  /** Milli-percent as text ('18000'), the value of the rate select. */
  rate: string;
  igst: string;
  cgst: string;
  sgst: string;
  cess: string;
  itcEligibility: string;
};

export type DocumentForm = {
  id: number | null;
  direction: Direction;
  entityId: string;
  documentType: string;
  documentNumber: string;
  documentDate: string;
  supplyType: string;
  counterpartyGstin: string;
  counterpartyName: string;
  placeOfSupply: string;
  isReverseCharge: boolean;
  portCode: string;
  shippingBillNumber: string;
  shippingBillDate: string;
  originalDocumentNumber: string;
  originalDocumentDate: string;
  /** A series the number is drawn from when a new sales document is saved ('' for a typed number). */
  seriesId: string;
  items: ItemForm[];
};

let nextKey = 1;
export const emptyItem = (): ItemForm => ({
  key: nextKey++,
  hsn: '',
  description: '',
  uqc: '',
  quantity: '',
  taxable: '',
  rate: '',
  igst: '',
  cgst: '',
  sgst: '',
  cess: '',
  itcEligibility: '',
});

export const emptyDocument = (direction: Direction, entityId: string, today: string): DocumentForm => ({
  id: null,
  direction,
  entityId,
  documentType: 'INV',
  documentNumber: '',
  documentDate: today,
  supplyType: '',
  counterpartyGstin: '',
  counterpartyName: '',
  placeOfSupply: '',
  isReverseCharge: false,
  portCode: '',
  shippingBillNumber: '',
  shippingBillDate: '',
  originalDocumentNumber: '',
  originalDocumentDate: '',
  seriesId: '',
  items: [emptyItem()],
});

const rupees = (paise: number): string => (paise === 0 ? '' : formatRupees(paise));
/** Thousandths to the unit as typed: 2500 → "2.5". */
const quantityText = (milli: number): string => (milli === 0 ? '' : String(milli / 1000));

export const formFromDetail = (d: DocumentDetail): DocumentForm => ({
  id: d.id,
  direction: d.direction,
  entityId: String(d.entityId),
  documentType: d.documentType,
  documentNumber: d.documentNumber,
  documentDate: d.documentDate,
  supplyType: d.supplyType ?? '',
  counterpartyGstin: d.counterpartyGstin ?? '',
  counterpartyName: d.counterpartyName ?? '',
  placeOfSupply: d.placeOfSupply,
  isReverseCharge: d.isReverseCharge,
  portCode: d.portCode ?? '',
  shippingBillNumber: d.shippingBillNumber ?? '',
  shippingBillDate: d.shippingBillDate ?? '',
  originalDocumentNumber: d.originalDocumentNumber ?? '',
  originalDocumentDate: d.originalDocumentDate ?? '',
  seriesId: '',
  items: d.items.map((it) => ({
    key: nextKey++,
    hsn: it.hsn ?? '',
    description: it.description ?? '',
    uqc: it.uqc ?? '',
    quantity: quantityText(it.quantity),
    taxable: rupees(it.taxable),
    rate: String(it.rate),
    igst: rupees(it.igst),
    cgst: rupees(it.cgst),
    sgst: rupees(it.sgst),
    cess: rupees(it.cess),
    itcEligibility: it.itcEligibility ?? '',
  })),
});

/** Paise of a typed amount; blank is 0; NaN when it is not an amount (the field shows the reason). */
export const paiseOf = (text: string): number => {
  if (text.trim() === '') return 0;
  const parsed = parseAmount(text);
  return parsed.ok ? parsed.paise : Number.NaN;
};

/** Thousandths of a typed quantity (at most 3 decimals); NaN otherwise. */
export const milliQuantityOf = (text: string): number => {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return 0;
  if (!/^\d+(\.\d{0,3})?$/.test(t)) return Number.NaN;
  const [whole = '0', fraction = ''] = t.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
};

/** A local message for what the server cannot even read (a typed amount that is no amount). */
export type LocalErrors = Record<string, string>;

export const localErrorsOf = (form: DocumentForm, messages: { amount: string; quantity: string }): LocalErrors => {
  const errors: LocalErrors = {};
  form.items.forEach((it, i) => {
    for (const field of ['taxable', 'igst', 'cgst', 'sgst', 'cess'] as const)
      if (Number.isNaN(paiseOf(it[field]))) errors[`items.${i}.${field}`] = messages.amount;
    if (Number.isNaN(milliQuantityOf(it.quantity))) errors[`items.${i}.quantity`] = messages.quantity;
  });
  return errors;
};

const safe = (n: number): number => (Number.isFinite(n) ? n : 0);

/** The lines as the API reads them; unreadable numbers count as 0 (local errors block sending them). */
export const itemsOf = (form: DocumentForm): DocumentItem[] =>
  form.items.map((it) => ({
    hsn: it.hsn.trim() || null,
    description: it.description.trim() || null,
    uqc: it.uqc.trim() || null,
    quantity: safe(milliQuantityOf(it.quantity)),
    rate: Number(it.rate) || 0,
    taxable: safe(paiseOf(it.taxable)),
    igst: safe(paiseOf(it.igst)),
    cgst: safe(paiseOf(it.cgst)),
    sgst: safe(paiseOf(it.sgst)),
    cess: safe(paiseOf(it.cess)),
    itcEligibility: form.direction === 'Purchase' && it.itcEligibility ? (it.itcEligibility as DocumentItem['itcEligibility']) : null,
  }));

/** The save/validate body. With auto-compute the tax heads are the computed ones (the server computes them again). */
export const requestOf = (form: DocumentForm, isDraftDocument: boolean, autoCompute: boolean, locationState: string): DocumentSaveInput => {
  const header = {
    direction: form.direction,
    entityId: Number(form.entityId),
    isDraftDocument,
    documentType: form.documentType,
    // A number from a series is drawn by the server when it saves; none is typed.
    documentNumber: form.seriesId ? '' : form.documentNumber.trim(),
    seriesId: form.seriesId ? Number(form.seriesId) : null,
    documentDate: form.documentDate,
    supplyType: form.supplyType || null,
    counterpartyGstin: form.counterpartyGstin.trim().toUpperCase(),
    counterpartyName: form.counterpartyName.trim() || null,
    placeOfSupply: form.placeOfSupply,
    isReverseCharge: form.isReverseCharge,
    portCode: form.portCode.trim() || null,
    shippingBillNumber: form.shippingBillNumber.trim() || null,
    shippingBillDate: form.shippingBillDate || null,
    originalDocumentNumber: form.originalDocumentNumber.trim() || null,
    originalDocumentDate: form.originalDocumentDate || null,
  };
  const items = itemsOf(form);
  return {
    ...(form.id ? { id: form.id } : {}),
    ...header,
    items: autoCompute ? computeDocumentTaxes(header, items, locationState) : items,
  };
};

export const totalsOf = (request: DocumentSaveInput): DocumentTotals =>
  documentTotals(
    request.items.map((it) => ({ taxable: it.taxable, igst: it.igst ?? 0, cgst: it.cgst ?? 0, sgst: it.sgst ?? 0, cess: it.cess ?? 0 })),
  );

/** GSTIN check as the user types: the state it names, or the reason it is wrong. Blank is an unregistered party. */
export const gstinCheckOf = (value: string): { ok: true; stateCode: string } | { ok: false; message: string } | null => {
  const text = value.trim();
  if (text === '') return null;
  const result = validateGstin(text);
  return result.ok ? { ok: true, stateCode: result.stateCode } : { ok: false, message: result.message };
};

/**
 * What the form itself refuses before the server is asked (unreadable numbers, a GSTIN the domain refuses), as issues
 * the summary lists beside the server's: the count above the Save button is the count of the list.
 */
export const formIssuesOf = (
  local: LocalErrors,
  gstin: ReturnType<typeof gstinCheckOf>,
  server: readonly DocumentIssue[],
): DocumentIssue[] => [
  ...Object.entries(local).map(([key, message]): DocumentIssue => {
    const [, line, field = ''] = /^items\.(\d+)\.(\w+)$/.exec(key) ?? [];
    const propertyName = line === undefined ? key : `Items[${line}].${field.charAt(0).toUpperCase()}${field.slice(1)}`;
    return { code: '', type: 'Error', message, propertyName };
  }),
  ...(gstin?.ok === false && !server.some((issue) => issue.propertyName === 'CounterpartyGstin')
    ? [{ code: '', type: 'Error' as const, message: gstin.message, propertyName: 'CounterpartyGstin' }]
    : []),
];

/** Export and SEZ fields apply to these supply types; the original document to credit and debit notes. */
export const isExportOrSez = (supplyType: string): boolean => /^(EXP|SEZ)/.test(supplyType);
export const isNote = (documentType: string): boolean => documentType === 'CRN' || documentType === 'DBN';

/**
 * The form field a server issue belongs to: "Items[0].Taxable" → "items.0.taxable", "DocumentNumber" →
 * "documentNumber". Issues without a field of the form (the location, the whole item list) go to the summary only.
 */
export const fieldOfIssue = (issue: Pick<DocumentIssue, 'propertyName'>): string => {
  const item = /^Items\[(\d+)\]\.(\w+)$/.exec(issue.propertyName);
  if (item) return `items.${item[1]}.${(item[2] ?? '').charAt(0).toLowerCase()}${(item[2] ?? '').slice(1)}`;
  return issue.propertyName.charAt(0).toLowerCase() + issue.propertyName.slice(1);
};

/** Messages per field (errors before warnings), for the inputs. */
export const issuesByField = (issues: readonly DocumentIssue[]): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const issue of [...issues].sort((a, b) => (a.type === b.type ? 0 : a.type === 'Error' ? -1 : 1))) {
    const field = fieldOfIssue(issue);
    out[field] = out[field] ? out[field] : `${issue.code}: ${issue.message}`;
  }
  return out;
};
