// Vendor payments (issue 19): the open purchase invoices of the user's locations with the GST to hold back by the
// reconciliation's answer (domain paymentHoldOf), summed per supplier; payments and releases recorded with an audit
// row each, in one transaction that locks the invoices paid.
import {
  type PaymentSaveRequest,
  type ReleaseSaveRequest,
  type VendorInvoice,
  type VendorListRequest,
  type VendorListResponse,
  type VendorPaymentFilters,
  type VendorPaymentRecord,
  type VendorPaymentRow,
  type VendorTotals,
  VENDOR_PAYMENT_SORT_FIELDS,
} from '@opengst/contracts';
import { formatInr, mulDivRoundHalfAway, paymentHoldOf, type InvoiceReconciliation } from '@opengst/domain';
import type { Db, DbOrTx } from '../../db/database';
import { vendorPaymentLines, vendorPayments } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { AppError, validationError } from '../../platform/errors';
import { locationScope } from '../../platform/location-scope';
import {
  findOpenInvoices,
  findReconciliations,
  type DocumentReconciliation,
  type InvoiceMatch,
  type OpenInvoice,
} from './vendor-payment.repo';

/** Rule 37's 180 days end within this many days: the vendor list flags the invoice. */
const DUE_SOON_DAYS = 30;
const DEFAULT_SORT = 'payableNow DESC';
const DEFAULT_PAGE = 100;

/**
 * The reconciliation's answer in the domain's terms. A row pairing several books documents with one supplier's document
 * gives each its share of the row's 2B tax, in proportion to its own tax. The supplier's GSTR-3B filing is not among
 * what the portal's 2A/2B tell us, so only its GSTR-1 is asked.
 */
const reconciliationOf = (invoice: OpenInvoice, found: DocumentReconciliation | undefined): InvoiceReconciliation => {
  if (!found) return null;
  const shared = found.documents > 1 && found.booksTax > 0;
  return {
    status: found.status,
    booksTax: shared ? invoice.tax : found.booksTax,
    portalTax: shared ? mulDivRoundHalfAway(found.portalTax, invoice.tax, found.booksTax) : found.portalTax,
    supplierNotFiled: found.gstr1Filed === false ? ['GSTR1'] : [],
  };
};

const invoiceOf = (invoice: OpenInvoice, found: DocumentReconciliation | undefined, asOf: string): VendorInvoice => {
  // A document re-imported with a lower value after it was paid: what was paid and held stands as its value (nothing
  // more is owed), and its tax is no more than that.
  const value = Math.max(invoice.value, invoice.paid + invoice.held);
  const hold = paymentHoldOf(
    {
      documentDate: invoice.documentDate,
      returnPeriod: invoice.returnPeriod,
      value,
      tax: Math.min(invoice.tax, value),
      paid: invoice.paid,
      held: invoice.held,
    },
    reconciliationOf(invoice, found),
    asOf,
  );
  return {
    documentId: invoice.id,
    entityId: invoice.entityId,
    gstin: invoice.gstin,
    supplierGstin: invoice.supplierGstin,
    supplierName: invoice.supplierName,
    documentType: invoice.documentType,
    documentNumber: invoice.documentNumber,
    documentDate: invoice.documentDate,
    returnPeriod: invoice.returnPeriod,
    invoiceValue: invoice.value,
    tax: invoice.tax,
    paid: invoice.paid,
    held: invoice.held,
    outstanding: hold.outstanding,
    reconciliationStatus: found?.status ?? null,
    hold: hold.hold,
    holdReason: hold.reason,
    payableNow: hold.payableNow,
    holdNow: hold.holdNow,
    releasable: hold.releasable,
    dueDate: hold.clock.dueDate,
    daysLeft: hold.clock.daysLeft,
    isOverdue: hold.clock.isOverdue,
    itcToReverse: hold.clock.itcToReverse,
    interest: hold.clock.interest,
  };
};

/** The open invoices matching, with their holds as of `asOf`, among the locations the user may see (or those named). */
const loadInvoices = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  entityIds: readonly number[] | undefined,
  match: InvoiceMatch,
  asOf: string,
  lock = false,
): Promise<VendorInvoice[]> => {
  const scope = await locationScope(db, principal, entityIds);
  const invoices = await findOpenInvoices(db, principal.subscriberId, scope, match, lock);
  const found = await findReconciliations(
    db,
    principal.subscriberId,
    invoices.map((i) => i.id),
  );
  return invoices.map((invoice) => invoiceOf(invoice, found.get(invoice.id), asOf));
};

export const vendorInvoices = (
  db: DbOrTx,
  principal: SessionPrincipal,
  request: { supplierGstins: string[]; entityIds?: number[] | undefined },
  asOf: string,
): Promise<VendorInvoice[]> => loadInvoices(db, principal, request.entityIds, { supplierGstins: request.supplierGstins }, asOf);

const FIGURES = [
  'invoiceValue',
  'tax',
  'outstanding',
  'payableNow',
  'holdNow',
  'held',
  'releasable',
  'itcToReverse',
  'interest',
] as const satisfies readonly (keyof VendorTotals)[];

const emptyTotals = (): VendorTotals => ({
  openInvoices: 0,
  invoiceValue: 0,
  tax: 0,
  outstanding: 0,
  payableNow: 0,
  holdNow: 0,
  held: 0,
  releasable: 0,
  overdueInvoices: 0,
  dueSoonInvoices: 0,
  itcToReverse: 0,
  interest: 0,
});

const add = (totals: VendorTotals, invoice: VendorInvoice | VendorTotals, isInvoice: boolean): void => {
  if (isInvoice) {
    const i = invoice as VendorInvoice;
    totals.openInvoices += 1;
    if (i.isOverdue) totals.overdueInvoices += 1;
    else if (i.outstanding + i.held > 0 && i.daysLeft >= 0 && i.daysLeft <= DUE_SOON_DAYS) totals.dueSoonInvoices += 1;
    totals.invoiceValue += i.invoiceValue;
  } else {
    const v = invoice as VendorTotals;
    totals.openInvoices += v.openInvoices;
    totals.overdueInvoices += v.overdueInvoices;
    totals.dueSoonInvoices += v.dueSoonInvoices;
    totals.invoiceValue += v.invoiceValue;
  }
  for (const key of FIGURES) if (key !== 'invoiceValue') totals[key] += invoice[key];
};

/** Per supplier GSTIN: the open invoices' figures summed, the earliest Rule 37 date of those with value unpaid. */
const vendorsOf = (invoices: readonly VendorInvoice[]): VendorPaymentRow[] => {
  const bySupplier = new Map<string, VendorPaymentRow>();
  for (const invoice of invoices) {
    let row = bySupplier.get(invoice.supplierGstin);
    if (!row) {
      row = { supplierGstin: invoice.supplierGstin, supplierName: invoice.supplierName, ...emptyTotals(), earliestDueDate: null };
      bySupplier.set(invoice.supplierGstin, row);
    }
    add(row, invoice, true);
    if (!row.supplierName && invoice.supplierName) row.supplierName = invoice.supplierName;
    const isUnpaid = invoice.outstanding + invoice.held > 0;
    if (isUnpaid && (row.earliestDueDate === null || invoice.dueDate < row.earliestDueDate)) row.earliestDueDate = invoice.dueDate;
  }
  return [...bySupplier.values()];
};

type SortField = (typeof VENDOR_PAYMENT_SORT_FIELDS)[number];
const isSortField = (field: string): field is SortField => (VENDOR_PAYMENT_SORT_FIELDS as readonly string[]).includes(field);

/** "{field} ASC|DESC" over the allowed fields, the GSTIN breaking ties. */
const sortVendors = (rows: VendorPaymentRow[], sortExpression: string | null | undefined): VendorPaymentRow[] => {
  const match = /^(\w+)\s+(ASC|DESC)$/i.exec((sortExpression ?? '').trim() || DEFAULT_SORT);
  const field = match?.[1];
  if (!match || !field || !isSortField(field)) {
    throw new AppError('GEN0009', {
      propertyName: 'SortExpression',
      message: `Sort by one of: ${VENDOR_PAYMENT_SORT_FIELDS.join(', ')}, then ASC or DESC.`,
    });
  }
  const sign = match[2]?.toUpperCase() === 'DESC' ? -1 : 1;
  const valueOf = (row: VendorPaymentRow) => row[field] ?? '';
  return [...rows].sort((a, b) => {
    const [x, y] = [valueOf(a), valueOf(b)];
    const order = x < y ? -1 : x > y ? 1 : 0;
    return order !== 0 ? sign * order : sign * (a.supplierGstin < b.supplierGstin ? -1 : 1);
  });
};

const matchOf = (filters: VendorPaymentFilters | undefined): InvoiceMatch => ({
  ...(filters?.supplierGstin ? { gstinPart: filters.supplierGstin } : {}),
  ...(filters?.supplierName ? { namePart: filters.supplierName } : {}),
});

/** Every matching vendor in the requested sort, and the totals over them. */
export const allVendors = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  request: { sortExpression?: string | null | undefined; filters?: VendorPaymentFilters | undefined },
  asOf: string,
): Promise<{ rows: VendorPaymentRow[]; totals: VendorTotals }> => {
  const invoices = await loadInvoices(db, principal, request.filters?.entityIds, matchOf(request.filters), asOf);
  const rows = sortVendors(vendorsOf(invoices), request.sortExpression);
  const totals = emptyTotals();
  for (const row of rows) add(totals, row, false);
  return { rows, totals };
};

export const searchVendors = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  request: VendorListRequest,
  asOf: string,
): Promise<VendorListResponse> => {
  const { rows, totals } = await allVendors(db, principal, request, asOf);
  const start = request.start ?? 0;
  return { items: rows.slice(start, start + (request.size ?? DEFAULT_PAGE)), totalRecords: rows.length, totals };
};

type Line = { documentId: number; paid: number; held: number; released: number };

/** The invoices a payment names, locked, each the user's to pay; another subscriber's or location's id is not found. */
const invoicesToPay = async (tx: DbOrTx, principal: SessionPrincipal, ids: readonly number[], asOf: string) => {
  const invoices = await loadInvoices(tx, principal, undefined, { documentIds: ids }, asOf, true);
  if (invoices.length !== new Set(ids).size) throw new AppError('GEN0003');
  return new Map(invoices.map((i) => [i.documentId, i]));
};

const store = async (
  tx: DbOrTx,
  principal: SessionPrincipal,
  kind: 'Payment' | 'Release',
  request: { paymentDate: string; reference: string; remarks?: string | undefined },
  lines: readonly Line[],
  invoices: Map<number, VendorInvoice>,
): Promise<VendorPaymentRecord> => {
  const [payment] = await tx
    .insert(vendorPayments)
    .values({
      subscriberId: principal.subscriberId,
      kind,
      paymentDate: request.paymentDate,
      reference: request.reference,
      remarks: request.remarks ?? null,
      createdBy: principal.userId,
    })
    .returning({ id: vendorPayments.id });
  if (!payment) throw new Error('the payment was not stored');
  await tx.insert(vendorPaymentLines).values(
    lines.map((line) => {
      const invoice = invoices.get(line.documentId);
      if (!invoice) throw new Error(`invoice ${line.documentId} was not loaded`);
      return {
        paymentId: payment.id,
        subscriberId: principal.subscriberId,
        entityId: invoice.entityId,
        documentId: line.documentId,
        supplierGstin: invoice.supplierGstin,
        paid: line.paid,
        held: line.held,
        released: line.released,
        holdReason: line.held > 0 ? invoice.holdReason : null,
      };
    }),
  );
  const sum = (key: 'paid' | 'held' | 'released') => lines.reduce((s, l) => s + l[key], 0);
  const record: VendorPaymentRecord = {
    id: payment.id,
    kind,
    paymentDate: request.paymentDate,
    reference: request.reference,
    remarks: request.remarks ?? null,
    invoices: lines.length,
    paid: sum('paid'),
    held: sum('held'),
    released: sum('released'),
  };
  await writeAudit(tx, principal, {
    entityType: 'VendorPayment',
    entityKey: payment.id,
    entityName: `${kind} ${request.reference}`,
    action: 'Create',
    after: { ...record, lines },
  });
  return record;
};

const numberOf = (invoices: Map<number, VendorInvoice>, id: number) => invoices.get(id)?.documentNumber ?? String(id);

/**
 * Records a payment: per invoice the amount paid and the GST held back, which together may not exceed what is
 * outstanding on it. What to hold is the user's to decide: the screen proposes the reconciliation's hold.
 */
export const recordPayment = (
  db: Db,
  principal: SessionPrincipal,
  request: PaymentSaveRequest,
  asOf: string,
): Promise<VendorPaymentRecord> =>
  db.transaction(async (tx) => {
    const invoices = await invoicesToPay(
      tx,
      principal,
      request.lines.map((l) => l.documentId),
      asOf,
    );
    const problems = request.lines.flatMap((line, i) => {
      const invoice = invoices.get(line.documentId);
      const outstanding = invoice?.outstanding ?? 0;
      if (line.paid + line.held === 0)
        return [
          {
            code: 'GEN0009' as const,
            type: 'Error' as const,
            propertyName: `lines[${i}].paid`,
            message: `Nothing paid or held on invoice ${numberOf(invoices, line.documentId)}.`,
          },
        ];
      if (line.paid + line.held > outstanding)
        return [
          {
            code: 'GEN0009' as const,
            type: 'Error' as const,
            propertyName: `lines[${i}].paid`,
            message: `Paid and held exceed the ₹ ${formatInr(outstanding)} outstanding on invoice ${numberOf(invoices, line.documentId)}.`,
          },
        ];
      return [];
    });
    if (problems.length > 0) throw validationError(problems);
    return store(
      tx,
      principal,
      'Payment',
      request,
      request.lines.map((l) => ({ ...l, released: 0 })),
      invoices,
    );
  });

/** Records the payment of held GST: no more than is held on each invoice. */
export const recordRelease = (
  db: Db,
  principal: SessionPrincipal,
  request: ReleaseSaveRequest,
  asOf: string,
): Promise<VendorPaymentRecord> =>
  db.transaction(async (tx) => {
    const invoices = await invoicesToPay(
      tx,
      principal,
      request.lines.map((l) => l.documentId),
      asOf,
    );
    const problems = request.lines.flatMap((line, i) => {
      const held = invoices.get(line.documentId)?.held ?? 0;
      return line.amount > held
        ? [
            {
              code: 'GEN0009' as const,
              type: 'Error' as const,
              propertyName: `lines[${i}].amount`,
              message: `Only ₹ ${formatInr(held)} is held on invoice ${numberOf(invoices, line.documentId)}.`,
            },
          ]
        : [];
    });
    if (problems.length > 0) throw validationError(problems);
    return store(
      tx,
      principal,
      'Release',
      request,
      request.lines.map((l) => ({ documentId: l.documentId, paid: 0, held: 0, released: l.amount })),
      invoices,
    );
  });
