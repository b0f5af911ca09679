// The pure rules of a document's save: how a request is normalised, which right it needs, what an amendment may not
// do, and when a value must be confirmed. The service (document-save.service.ts) loads and stores around them.
import { type DocumentIssue, type DocumentSaveRequest, type RightId } from '@opengst/contracts';
import { amendmentDeadline, financialYearOf, formatInr, formatPortalDate, istDateOf } from '@opengst/domain';
import { AppError } from '../../platform/errors';
import type { DocumentRow } from './document.repo';

const unregisteredAsBlank = (gstin: string): string => (gstin === 'URP' ? '' : gstin);

export const normalise = (request: DocumentSaveRequest): DocumentSaveRequest => ({
  ...request,
  documentType: request.documentType.toUpperCase(),
  // "URP" (the template's and the e-invoice's word for an unregistered party) is stored as no GSTIN.
  counterpartyGstin: unregisteredAsBlank(request.counterpartyGstin?.trim().toUpperCase() ?? ''),
  items: request.items.map((it) => ({
    ...it,
    hsn: it.hsn?.replace(/\s+/g, '') || null,
    uqc: it.uqc?.toUpperCase() || null,
    itcEligibility: request.direction === 'Purchase' ? (it.itcEligibility ?? null) : null,
  })),
});

/**
 * What an amendment of a filed document may not do: move to another financial year (the document key, and the year
 * whose returns it was reported in), or come after the Section 37(3) deadline.
 */
export const amendmentIssues = (existing: DocumentRow, request: DocumentSaveRequest, now: Date): DocumentIssue[] => {
  const issues: DocumentIssue[] = [];
  if (financialYearOf(request.documentDate) !== existing.financialYear) {
    issues.push({
      code: 'GEN0009',
      propertyName: 'DocumentDate',
      type: 'Error',
      message: `This document was reported in a filed return of ${existing.financialYear}: an amendment keeps its date within that financial year.`,
    });
  }
  const deadline = amendmentDeadline(existing.financialYear);
  if (deadline && istDateOf(now) > deadline) {
    issues.push({
      code: 'GEN0009',
      propertyName: 'DocumentNumber',
      type: 'Error',
      message: `Documents of ${existing.financialYear} could be amended until ${formatPortalDate(deadline)} (Section 37(3) CGST Act): issue a credit or debit note instead.`,
    });
  }
  return issues;
};

/** Which right a save needs: drafts DocumentDraft; a new final document (or a draft made final) DocumentCreate; a final one edited DocumentEdit. */
export const rightNeeded = (request: DocumentSaveRequest, existing: DocumentRow | null): RightId => {
  if (request.isDraftDocument) return 'DocumentDraft';
  if (!existing || existing.isDraftDocument) return 'DocumentCreate';
  return 'DocumentEdit';
};

/**
 * A final document worth more than the subscriber's confirmDocumentValueAbove (₹1 crore by default, spec core §9) is
 * saved only once the user confirms the amount: a slip of the keyboard (₹1,45,67,90,11,03,456.72 for ₹1,45,679.11)
 * would otherwise reach the return. The screen asks when the answer names ConfirmHighValue.
 */
export const assertValueConfirmed = (request: DocumentSaveRequest, documentValue: number, aboveRupees: number): void => {
  const above = aboveRupees * 100;
  if (request.isDraftDocument || request.confirmHighValue === true || above === 0 || documentValue <= above) return;
  throw new AppError('GEN0009', {
    propertyName: 'ConfirmHighValue',
    message: `This document is worth ₹${formatInr(documentValue)}, more than ₹${formatInr(above)}. Check the amounts; if they are right, confirm to save it.`,
  });
};
