// What a supplier must do about a reconciliation row, and why, in the column of the buyer's source (GSTR-2A, GSTR-2B
// or IMS): pure, from the row's status, its two sides' figures and the buyer's IMS action.
import type { ActionRequired, PortalSource } from '@opengst/contracts';

export type RowForNotice = {
  status: string;
  portalSource: PortalSource;
  /** The buyer's action on the supplier's record: its own decision ('Accept' | 'Reject' | 'Pending') or the portal's. */
  imsAction: string | null;
} & PairSides;

/** The row's two sides as stored (paise): what the reason of a mismatch names. */
export type PairSides = {
  booksNumber: string | null;
  booksDate: string | null;
  booksTaxable: number;
  booksTax: number;
  portalNumber: string | null;
  portalDate: string | null;
  portalTaxable: number;
  portalTax: number;
};

export type RequiredActions = {
  actionRequired: ActionRequired | null;
  gstr2bActionRequired: ActionRequired | null;
  imsActionRequired: ActionRequired | null;
  gstr2aReason: string | null;
  gstr2bReason: string | null;
  imsReason: string | null;
};

const rupees = (paise: number): string =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** "taxable value: ours ₹1,000.00, yours ₹900.00; document date: ours 2025-04-01, yours 2025-04-03", from the row's two sides. */
const differences = (sides: PairSides): string => {
  const parts: string[] = [];
  if (sides.booksTaxable !== sides.portalTaxable) {
    parts.push(`taxable value: ours ${rupees(sides.booksTaxable)}, yours ${rupees(sides.portalTaxable)}`);
  }
  if (sides.booksTax !== sides.portalTax) parts.push(`tax: ours ${rupees(sides.booksTax)}, yours ${rupees(sides.portalTax)}`);
  if (sides.booksNumber && sides.portalNumber && sides.booksNumber !== sides.portalNumber) {
    parts.push(`document number: ours ${sides.booksNumber}, yours ${sides.portalNumber}`);
  }
  if (sides.booksDate && sides.portalDate && sides.booksDate !== sides.portalDate) {
    parts.push(`document date: ours ${sides.booksDate}, yours ${sides.portalDate}`);
  }
  return parts.join('; ');
};

const sourceName = (source: PortalSource): string => (source === 'IMS' ? 'IMS' : source === 'GSTR2A' ? 'GSTR-2A' : 'GSTR-2B');

/** The action and reason the row's status asks of the supplier (null: nothing to ask). */
const byStatus = (row: RowForNotice): { action: ActionRequired; reason: string } | null => {
  const where = sourceName(row.portalSource);
  switch (row.status) {
    // s.16(2)(aa): the buyer's credit needs the document in its GSTR-2B, which only the supplier's GSTR-1/IFF fills.
    case 'PR only':
      return { action: 'ReportInGstr1', reason: `In our purchase register, not in our ${where}.` };
    case 'Awaiting 2B':
      return { action: 'FileGstr1', reason: `Reported but not yet in our GSTR-2B: the GSTR-1 / IFF holding it is not filed.` };
    // s.37(3): the supplier corrects what it reported (GSTR-1A or an amendment in a later GSTR-1).
    case 'Mismatched':
    case 'Near matched': {
      const detail = differences(row);
      return { action: 'AmendInGstr1', reason: detail ? `Differs from our books: ${detail}.` : `Differs from our books.` };
    }
    case 'Recipient GSTIN differs':
      return { action: 'CorrectRecipientGstin', reason: 'Reported against another GSTIN of ours than the one that booked it.' };
    case 'GST only':
      return { action: 'ConfirmDocument', reason: `In our ${where}, not in our purchase register.` };
    default:
      return null;
  }
};

export const requiredActionsOf = (row: RowForNotice): RequiredActions | null => {
  const result: RequiredActions = {
    actionRequired: null,
    gstr2bActionRequired: null,
    imsActionRequired: null,
    gstr2aReason: null,
    gstr2bReason: null,
    imsReason: null,
  };
  const asked = byStatus(row);
  if (asked) {
    if (row.portalSource === 'GSTR2A') {
      result.actionRequired = asked.action;
      result.gstr2aReason = asked.reason;
    } else if (row.portalSource === 'GSTR2B') {
      result.gstr2bActionRequired = asked.action;
      result.gstr2bReason = asked.reason;
    } else {
      result.imsActionRequired = asked.action;
      result.imsReason = asked.reason;
    }
  }
  // A record the buyer rejects in IMS stays out of its GSTR-2B; the supplier has to amend or cancel the document
  // (GSTN's IMS advisories, 2024-25).
  if (row.imsAction === 'Reject' || row.imsAction === 'Rejected') {
    result.imsActionRequired = 'AmendAfterImsRejection';
    result.imsReason = asked && row.portalSource === 'IMS' ? `Rejected by us in IMS. ${asked.reason}` : 'Rejected by us in IMS.';
  }
  return result.actionRequired || result.gstr2bActionRequired || result.imsActionRequired ? result : null;
};
