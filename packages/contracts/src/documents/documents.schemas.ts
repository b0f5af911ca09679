// Document contracts: the detail of a sales or purchase document and of a summary row, and the one create/edit/draft
// screen's save (issue 6; spec core §2 "Documents", §3 "Document being edited", §4 "Document workflow status",
// §7 "Documents"). Money in paise, rates in milli-percent (18% = 18000), quantities in thousandths of the unit.
import { supplyTypeFlags, type DocumentInput } from '@opengst/domain';
import { z } from 'zod';
import { TAX_AMOUNTS } from '../amounts';
import { DirectionSchema, DocumentSourceSchema, DocumentStatusSchema, SummaryItemSchema } from '../returns/registers.schemas';

/** Spec core §2: /draft-document lists drafts by 'id DESC'. */
export const DRAFT_DEFAULT_SORT = 'id DESC';

export const ItcEligibilitySchema = z.enum(['Inputs', 'Input services', 'Capital goods', 'Ineligible']);

export const DocumentItemSchema = z.object({
  hsn: z.string().trim().max(8).nullish(),
  description: z.string().trim().max(300).nullish(),
  uqc: z.string().trim().max(3).nullish(),
  /** Thousandths of the unit. */
  quantity: z.number().int().min(0).default(0),
  /** Milli-percent: 18% = 18000. */
  rate: z.number().int().min(0).max(100_000),
  taxable: z.number().int(),
  igst: z.number().int().default(0),
  cgst: z.number().int().default(0),
  sgst: z.number().int().default(0),
  cess: z.number().int().default(0),
  /** Purchases only. */
  itcEligibility: ItcEligibilitySchema.nullish(),
});
export type DocumentItem = z.infer<typeof DocumentItemSchema>;

const optionalText = (max: number, message?: string) => z.string().trim().max(max, message).nullish();

export const DocumentSaveRequestSchema = z.object({
  /** Absent: a new document. */
  id: z.number().int().positive().optional(),
  direction: DirectionSchema,
  /** The location the document belongs to. */
  entityId: z.number().int().positive('Choose the location.'),
  isDraftDocument: z.boolean(),
  documentType: z.string().trim().min(1).max(5),
  /**
   * Its rule (at most 16 characters, Rule 46(b)) is the domain's VAL0065, so a long number is refused with the reason,
   * never cut. Blank only with a seriesId: the number is then drawn from the series when the document is saved.
   */
  documentNumber: z.string().trim().max(100),
  /** A new sales document (not a draft) numbered from this series (masters /series), allocated to its location and type. */
  seriesId: z.number().int().positive().nullish(),
  /** YYYY-MM-DD */
  documentDate: z.iso.date(),
  supplyType: optionalText(10),
  /** '' or absent: unregistered counterparty. */
  counterpartyGstin: optionalText(15),
  counterpartyName: optionalText(100),
  placeOfSupply: z.string().regex(/^\d{2}$/, 'Choose the place of supply.'),
  isReverseCharge: z.boolean().default(false),
  ecommerceGstin: optionalText(15),
  portCode: optionalText(6),
  shippingBillNumber: optionalText(20),
  shippingBillDate: z.iso.date().nullish(),
  originalDocumentNumber: optionalText(100),
  originalDocumentDate: z.iso.date().nullish(),
  items: z.array(DocumentItemSchema).min(1, 'Add at least one item.').max(1000),
  /** The user confirmed a value above the subscriber's autoCompute.confirmDocumentValueAbove (else the save asks). */
  confirmHighValue: z.boolean().optional(),
});
export type DocumentSaveRequest = z.infer<typeof DocumentSaveRequestSchema>;
export type DocumentSaveInput = z.input<typeof DocumentSaveRequestSchema>;

export const DocumentDetailSchema = DocumentSaveRequestSchema.extend({
  id: z.number().int(),
  /** As stored: '' when a document came in without one (the save request requires it). */
  placeOfSupply: z.string(),
  entityName: z.string(),
  /** The location's GSTIN. */
  gstin: z.string().nullable(),
  financialYear: z.string(),
  returnPeriod: z.string(),
  status: DocumentStatusSchema,
  source: DocumentSourceSchema,
  importId: z.number().int().nullable(),
  ...TAX_AMOUNTS,
  documentValue: z.number().int(),
  createdByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set once a filed return reported the document: saving it then records an amendment for a later return. */
  filed: z
    .object({
      returnId: z.number().int(),
      /** The number and date it was reported with (quoted by the amendment). */
      documentNumber: z.string(),
      documentDate: z.string(),
      /** Last day it may still be amended (Section 37(3)), YYYY-MM-DD. */
      amendableUntil: z.string().nullable(),
    })
    .nullable(),
  /** Changed after filing; reported in the amendment tables of the next return generated. */
  amendmentPending: z.boolean(),
});
export type DocumentDetail = z.infer<typeof DocumentDetailSchema>;

export const DocumentIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });
export const SummaryDetailSchema = SummaryItemSchema;

/** POST document/validate: the save body; answers every issue (errors and warnings) with the import's VAL codes. */
export const DocumentValidateRequestSchema = DocumentSaveRequestSchema;
export const DocumentIssueSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** The field as the screen names it: DocumentNumber, PlaceOfSupply, Items[0].Taxable ... */
  propertyName: z.string(),
  type: z.enum(['Error', 'Warning']),
});
export type DocumentIssue = z.infer<typeof DocumentIssueSchema>;
export const DocumentValidateResponseSchema = z.object({
  errors: z.array(DocumentIssueSchema),
  /** The document's totals after the server's computation (auto-compute fills the tax heads). */
  ...TAX_AMOUNTS,
  documentValue: z.number().int(),
});
export type DocumentValidateResponse = z.infer<typeof DocumentValidateResponseSchema>;

export const DocumentDeleteRequestSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) });
export const DocumentDeleteResponseSchema = z.object({ affected: z.number().int() });

/** Fields the drafts list may be sorted by. */
export const DRAFT_SORT_FIELDS = ['id', 'documentDate', 'documentNumber', 'documentType', 'counterpartyName', 'updatedAt'] as const;
export const DraftSearchRequestSchema = z.object({
  start: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(1000).nullish(),
  /** "{field} ASC|DESC" over DRAFT_SORT_FIELDS; default DRAFT_DEFAULT_SORT. */
  sortExpression: z.string().max(100).nullish(),
  filters: z
    .object({
      direction: DirectionSchema.nullish(),
      entityIds: z.array(z.number().int().positive()).max(10_000).nullish(),
      /** Document number or counterparty name or GSTIN, contains. */
      text: z.string().trim().max(100).nullish(),
    })
    .optional(),
});
export type DraftSearchRequest = z.input<typeof DraftSearchRequestSchema>;
export const DraftItemSchema = z.object({
  id: z.number().int(),
  direction: DirectionSchema,
  entityId: z.number().int(),
  entityName: z.string(),
  documentType: z.string(),
  documentNumber: z.string(),
  documentDate: z.string(),
  counterpartyGstin: z.string(),
  counterpartyName: z.string().nullable(),
  documentValue: z.number().int(),
  itemCount: z.number().int(),
  updatedByName: z.string().nullable(),
  updatedAt: z.string(),
});
export type DraftItem = z.infer<typeof DraftItemSchema>;
export const DraftSearchResponseSchema = z.object({ items: z.array(DraftItemSchema), totalRecords: z.number().int() });

export const HsnLookupQuerySchema = z.object({ text: z.string().trim().min(1).max(100) });
export const HSN_LOOKUP_LIMIT = 20;
export const HsnLookupItemSchema = z.object({
  code: z.string(),
  description: z.string(),
  isService: z.boolean(),
  /** Milli-percent; null when the master does not know it. */
  rate: z.number().int().nullable(),
  uqc: z.string().nullable(),
  /** The subscriber's own list, or the GST portal's directory (official/), offered when the own list has no match. */
  source: z.enum(['Subscriber', 'Official']),
});
export type HsnLookupItem = z.infer<typeof HsnLookupItemSchema>;
export const HsnLookupResponseSchema = z.object({ items: z.array(HsnLookupItemSchema) });

/** The screen's URL query (spec core §3 "Document being edited": type and id). */
export const DocumentScreenQuerySchema = z.object({
  type: DirectionSchema.catch('Sales'),
  id: z.coerce.number().int().positive().optional().catch(undefined),
});

// Rules shared by the screen (live totals) and the server (what is stored) ------------------------------------------

export type DocumentTotals = { taxable: number; igst: number; cgst: number; sgst: number; cess: number; documentValue: number };

/** Header totals are always the sum of the lines (the server never trusts typed totals). */
export const documentTotals = (items: readonly Pick<DocumentItem, 'taxable' | 'igst' | 'cgst' | 'sgst' | 'cess'>[]): DocumentTotals => {
  const t = { taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0, documentValue: 0 };
  for (const it of items) {
    t.taxable += it.taxable;
    t.igst += it.igst;
    t.cgst += it.cgst;
    t.sgst += it.sgst;
    t.cess += it.cess;
  }
  t.documentValue = t.taxable + t.igst + t.cgst + t.sgst + t.cess;
  return t;
};

/** The document as the domain's validateDocument reads it; the location is the supplier of a sale and the recipient of a purchase. */
export const toDocumentInput = (doc: DocumentSaveRequest, locationGstin: string): DocumentInput => {
  // "URP" is how the template and the e-invoice write an unregistered party.
  const typed = doc.counterpartyGstin?.trim().toUpperCase();
  const counterparty = typed && typed !== 'URP' ? typed : null;
  const isPurchase = doc.direction === 'Purchase';
  const totals = documentTotals(doc.items);
  return {
    documentType: doc.documentType,
    documentNumber: doc.documentNumber,
    documentDate: doc.documentDate,
    supplierGstin: isPurchase ? counterparty : locationGstin,
    // An unregistered supplier has no GSTIN: its State is taken as the location's (see supplierStateOf).
    supplierState: isPurchase && !counterparty ? locationGstin.slice(0, 2) : null,
    counterpartyGstin: isPurchase ? locationGstin : counterparty,
    isInward: isPurchase,
    placeOfSupply: doc.placeOfSupply,
    isReverseCharge: doc.isReverseCharge,
    ...supplyTypeFlags(doc.supplyType),
    originalDocumentNumber: doc.originalDocumentNumber ?? null,
    originalDocumentDate: doc.originalDocumentDate ?? null,
    portCode: doc.portCode ?? null,
    shippingBillNumber: doc.shippingBillNumber ?? null,
    totalValue: totals.documentValue,
    items: doc.items.map((it) => ({
      hsn: it.hsn ?? null,
      uqc: it.uqc ?? null,
      quantity: it.quantity / 1000,
      taxable: it.taxable,
      ratePercent: it.rate / 1000,
      igst: it.igst,
      cgst: it.cgst,
      sgst: it.sgst,
      cess: it.cess,
    })),
  };
};

const DOCUMENT_FIELD_NAMES: Record<string, string> = {
  documentType: 'DocumentType',
  documentNumber: 'DocumentNumber',
  documentDate: 'DocumentDate',
  placeOfSupply: 'PlaceOfSupply',
  isReverseCharge: 'IsReverseCharge',
  originalDocumentNumber: 'OriginalDocumentNumber',
  originalDocumentDate: 'OriginalDocumentDate',
  portCode: 'PortCode',
  shippingBillNumber: 'ShippingBillNumber',
  totalValue: 'Items',
  items: 'Items',
  document: 'DocumentType',
  tax: 'Items',
  ewayBillNumber: 'DocumentNumber',
  irn: 'DocumentNumber',
  currency: 'DocumentType',
};
const ITEM_FIELD_NAMES: Record<string, string> = {
  hsn: 'Hsn',
  uqc: 'Uqc',
  quantity: 'Quantity',
  taxable: 'Taxable',
  ratePercent: 'Rate',
  igst: 'Igst',
  cgst: 'Cgst',
  sgst: 'Sgst',
  cess: 'Cess',
};

/**
 * The screen's field for a domain property name: items[0].ratePercent → Items[0].Rate; the supplier is the location
 * of a sale (EntityId) and the counterparty of a purchase, and the other way round for the recipient.
 */
export const documentPropertyName = (property: string, direction: DocumentSaveInput['direction']): string => {
  const item = /^items\[(\d+)\](?:\.(\w+))?$/.exec(property);
  if (item) return `Items[${item[1]}]${item[2] ? `.${ITEM_FIELD_NAMES[item[2]] ?? item[2]}` : ''}`;
  if (property.startsWith('supplier')) return direction === 'Sales' ? 'EntityId' : 'CounterpartyGstin';
  if (property.startsWith('counterparty')) return direction === 'Sales' ? 'CounterpartyGstin' : 'EntityId';
  return DOCUMENT_FIELD_NAMES[property] ?? property.charAt(0).toUpperCase() + property.slice(1);
};
