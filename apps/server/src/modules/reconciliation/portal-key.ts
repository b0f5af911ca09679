// The natural key of a supplier's document as the portal reports it. A new 2A/2B download replaces the stored portal
// documents (and their ids), so what users decide about a portal document (a manual link, a discard, an IMS action)
// is kept by this key: the buyer's GSTIN, the supplier's GSTIN, the type, the number as typed (trimmed, upper case)
// and the financial year of its date (Rule 46(b): a number is unique per supplier per financial year).
import { financialYearOf } from '@opengst/domain';

export type PortalKeyParts = { gstin: string; supplierGstin: string; documentType: string; documentNumber: string; documentDate: string };

export const portalKeyOf = (d: PortalKeyParts): string =>
  [
    d.gstin,
    d.supplierGstin.trim().toUpperCase(),
    d.documentType,
    d.documentNumber.trim().toUpperCase(),
    financialYearOf(d.documentDate),
  ].join('|');

/** The key of a document's action: "G:" + a portal document's key, "B:" + a books document's id. */
export const portalActionKey = (portalKey: string): string => `G:${portalKey}`;
export const booksActionKey = (documentId: number): string => `B:${documentId}`;
