// Use cases of /business-partners: save (a partner and its contacts), status, delete (refused while the partner's
// GSTIN is named by documents or reconciliation records) and the GSTIN status check through the GST portal, each change
// in one transaction with its audit rows.
//
// Delete: a partner nothing names is removed (its contacts with it), so its GSTIN or code may be used again; one that
// documents, the portal's documents or reconciliation runs name is refused with the reason, to be deactivated instead.
// The status 'Delete' of the table is not used by this master.
import type { BusinessPartnerSaveSchema, GstinCheckResult } from '@opengst/contracts';
import { checkPartnerIdentity, isMsmeClass, isPhoneNumber, isTdsSectionCode, phoneDigits, validateUdyamNumber } from '@opengst/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/database';
import { businessPartnerContacts, businessPartners } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { AppError, validationError } from '../../../platform/errors';
import { PortalError, type GstPortal } from '../../../portal';
import {
  findBusinessPartnerRows,
  findBusinessPartners,
  findContacts,
  findSamePartner,
  partnerUsage,
  type BusinessPartnerRow,
  type ContactRow,
  type PartnerUsage,
} from './business-partners.repo';

type Who = Pick<SessionPrincipal, 'subscriberId' | 'userId'>;
type SaveInput = z.output<typeof BusinessPartnerSaveSchema>;
type Issue = { propertyName: string; message: string };

const EMAIL = z.email();
const PINCODE = /^[1-9]\d{5}$/;

const audited = (row: BusinessPartnerRow, contacts: readonly ContactRow[]) => ({
  partnerType: row.partnerType,
  gstin: row.gstin,
  pan: row.pan,
  code: row.code,
  legalName: row.legalName,
  tradeName: row.tradeName,
  stateCode: row.stateCode,
  email: row.email,
  phone: row.phone,
  address: row.address,
  city: row.city,
  pincode: row.pincode,
  msmeNumber: row.msmeNumber,
  msmeClass: row.msmeClass,
  msmeActivity: row.msmeActivity,
  tdsSection: row.tdsSection,
  status: row.status,
  contacts: contacts.map((c) => ({
    name: c.name,
    email: c.email,
    phone: c.phone,
    designation: c.designation,
    receivesNotifications: c.receivesNotifications,
  })),
});
const nameOf = (row: Pick<BusinessPartnerRow, 'legalName' | 'tradeName'>) => row.tradeName ?? row.legalName;

/**
 * The checks a partner's fields pass (the form makes the same with the domain): GSTIN, PAN and state together, the
 * Udyam number and class, the TDS section, e-mail, phone and pincode, and each contact's e-mail and phone. Answers the
 * values to store (GSTIN, PAN and state as the GSTIN gives them, the Udyam number upper-cased, phones as digits).
 */
export const partnerIssues = (input: {
  gstin: string | null;
  pan: string | null;
  code: string | null;
  stateCode: string | null;
  email: string | null;
  phone: string | null;
  pincode: string | null;
  msmeNumber: string | null;
  msmeClass: string | null;
  tdsSection: string | null;
}) => {
  const identity = checkPartnerIdentity(input);
  const issues: Issue[] = [...identity.issues];
  if (identity.gstin === '' && !input.code)
    issues.push({ propertyName: 'code', message: 'An unregistered partner (no GSTIN) needs your code for it.' });
  let msmeNumber: string | null = null;
  if (input.msmeNumber) {
    const udyam = validateUdyamNumber(input.msmeNumber);
    if (udyam.ok) msmeNumber = udyam.number;
    else issues.push({ propertyName: 'msmeNumber', message: udyam.message });
  } else if (input.msmeClass)
    issues.push({ propertyName: 'msmeNumber', message: 'An MSME class needs the Udyam registration number it is certified under.' });
  if (input.msmeClass && !isMsmeClass(input.msmeClass))
    issues.push({ propertyName: 'msmeClass', message: 'The MSME class is Micro, Small or Medium (MSMED Act s.7).' });
  if (input.tdsSection && !isTdsSectionCode(input.tdsSection))
    issues.push({ propertyName: 'tdsSection', message: `${input.tdsSection} is not one of the TDS sections offered.` });
  if (input.email && !EMAIL.safeParse(input.email).success) issues.push({ propertyName: 'email', message: 'Not a valid e-mail address.' });
  const phone = input.phone ? phoneDigits(input.phone) : null;
  if (phone !== null && !isPhoneNumber(phone))
    issues.push({ propertyName: 'phone', message: 'A phone number is 7 to 20 digits with an optional leading plus.' });
  if (input.pincode && !PINCODE.test(input.pincode))
    issues.push({ propertyName: 'pincode', message: 'A pincode is six digits, not starting with 0.' });
  return { issues, gstin: identity.gstin, pan: identity.pan, stateCode: identity.stateCode, msmeNumber, phone };
};

const contactIssues = (contacts: SaveInput['contacts']): Issue[] =>
  contacts.flatMap((contact, index) => {
    const issues: Issue[] = [];
    const who = `Contact ${index + 1} (${contact.name})`;
    if (contact.email && !EMAIL.safeParse(contact.email).success)
      issues.push({ propertyName: 'contacts', message: `${who}: not a valid e-mail address.` });
    if (contact.phone && !isPhoneNumber(phoneDigits(contact.phone)))
      issues.push({ propertyName: 'contacts', message: `${who}: a phone number is 7 to 20 digits with an optional leading plus.` });
    if (contact.receivesNotifications && !contact.email)
      issues.push({ propertyName: 'contacts', message: `${who}: notifications go by e-mail, so give an e-mail address or turn them off.` });
    return issues;
  });

export const businessPartnerById = async (db: Db, who: Who, id: number) => {
  const { items } = await findBusinessPartners(
    db,
    who.subscriberId,
    and(eq(businessPartners.subscriberId, who.subscriberId), eq(businessPartners.id, id))!,
    { start: 0, size: 1 },
  );
  const [found] = items;
  if (!found || found.id !== id) throw new AppError('GEN0003');
  return found;
};

export const saveBusinessPartner = async (db: Db, who: Who, input: SaveInput, ip: string) => {
  const [existing] = input.id ? await findBusinessPartnerRows(db, who.subscriberId, [input.id]) : [];
  if (input.id && !existing) throw new AppError('GEN0003');
  const checked = partnerIssues({ ...input, msmeClass: input.msmeClass ?? null });
  const issues = [...checked.issues, ...contactIssues(input.contacts)];
  if (issues.length > 0) throw validationError(issues.map((issue) => ({ code: 'GEN0009', type: 'Error', ...issue })));
  const code = checked.gstin ? '' : (input.code ?? '');
  const same = await findSamePartner(db, who.subscriberId, checked.gstin, code);
  if (same && same.id !== existing?.id)
    throw new AppError('ORG0006', {
      propertyName: checked.gstin ? 'gstin' : 'code',
      message: checked.gstin
        ? `GSTIN ${checked.gstin} is already the partner ${nameOf(same)}.`
        : `Code ${code} is already the partner ${nameOf(same)}.`,
    });

  const values = {
    partnerType: input.partnerType,
    gstin: checked.gstin,
    pan: checked.pan,
    code,
    legalName: input.legalName,
    tradeName: input.tradeName,
    stateCode: checked.stateCode,
    email: input.email,
    phone: checked.phone,
    address: input.address,
    city: input.city,
    pincode: input.pincode,
    msmeNumber: checked.msmeNumber,
    msmeClass: checked.msmeNumber ? (input.msmeClass ?? null) : null,
    msmeActivity: checked.msmeNumber ? (input.msmeActivity ?? null) : null,
    tdsSection: input.tdsSection,
    status: input.status,
    updatedBy: who.userId,
    updatedAt: new Date(),
    // A GSTIN changed is a GSTIN not checked yet.
    ...(existing && existing.gstin !== checked.gstin ? { gstinStatus: null, taxpayerType: null, gstinCheckedAt: null } : {}),
  };
  const id = await db.transaction(async (tx) => {
    const before = existing ? await findContacts(tx, who.subscriberId, [existing.id]) : [];
    let saved: BusinessPartnerRow | undefined;
    if (existing) {
      [saved] = await tx.update(businessPartners).set(values).where(eq(businessPartners.id, existing.id)).returning();
    } else {
      [saved] = await tx
        .insert(businessPartners)
        .values({ ...values, subscriberId: who.subscriberId, createdBy: who.userId })
        .returning();
    }
    if (!saved) throw new Error('business_partners write returned no row');
    // The contacts sent are the partner's contacts now.
    await tx.delete(businessPartnerContacts).where(eq(businessPartnerContacts.partnerId, saved.id));
    const contacts =
      input.contacts.length === 0
        ? []
        : await tx
            .insert(businessPartnerContacts)
            .values(
              input.contacts.map((contact) => ({
                subscriberId: who.subscriberId,
                partnerId: saved.id,
                name: contact.name,
                email: contact.email,
                phone: contact.phone ? phoneDigits(contact.phone) : null,
                designation: contact.designation,
                receivesNotifications: contact.receivesNotifications,
              })),
            )
            .returning();
    await writeAudit(tx, who, {
      entityType: 'BusinessPartner',
      entityKey: saved.id,
      entityName: nameOf(saved),
      action: existing ? 'Update' : 'Create',
      ...(existing ? { before: audited(existing, before) } : {}),
      after: audited(saved, contacts),
      ip,
    });
    return saved.id;
  });
  return businessPartnerById(db, who, id);
};

const loadAll = async (db: Db, who: Who, ids: readonly number[]) => {
  const unique = [...new Set(ids)];
  const rows = await findBusinessPartnerRows(db, who.subscriberId, unique);
  if (rows.length !== unique.length) throw new AppError('GEN0003');
  // In the order asked (the GSTIN check answers in it).
  return rows.sort((a, b) => unique.indexOf(a.id) - unique.indexOf(b.id));
};

export const updateBusinessPartnerStatus = async (db: Db, who: Who, ids: readonly number[], status: 'Active' | 'Inactive', ip: string) => {
  const rows = await loadAll(db, who, ids);
  return db.transaction(async (tx) => {
    for (const row of rows) {
      if (row.status === status) continue;
      await tx
        .update(businessPartners)
        .set({ status, updatedBy: who.userId, updatedAt: new Date() })
        .where(eq(businessPartners.id, row.id));
      await writeAudit(tx, who, {
        entityType: 'BusinessPartner',
        entityKey: row.id,
        entityName: nameOf(row),
        action: 'StatusChange',
        before: { status: row.status },
        after: { status },
        ip,
      });
    }
    return rows.length;
  });
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** "ABC Traders is named on 12 documents and 2 reconciliation runs; deactivate it instead." */
export const inUseReason = (name: string, usage: PartnerUsage): string | null => {
  const parts = [
    usage.documents > 0 ? plural(usage.documents, 'document', 'documents') : null,
    usage.portalDocuments > 0
      ? plural(usage.portalDocuments, 'GST portal document (GSTR-2A, 2B or IMS)', 'GST portal documents (GSTR-2A, 2B or IMS)')
      : null,
    usage.reconciliations > 0 ? plural(usage.reconciliations, 'reconciliation run', 'reconciliation runs') : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${name} is named on ${list}; deactivate it instead.`;
};

export const deleteBusinessPartners = async (db: Db, who: Who, ids: readonly number[], ip: string) => {
  const rows = await loadAll(db, who, ids);
  return db.transaction(async (tx) => {
    // Counted in the delete's transaction, so a document saved meanwhile is seen (or waits for it).
    const refusals: string[] = [];
    for (const row of rows) {
      const reason = inUseReason(nameOf(row), await partnerUsage(tx, who.subscriberId, row.gstin));
      if (reason) refusals.push(reason);
    }
    if (refusals.length > 0) throw validationError(refusals.map((message) => ({ code: 'GEN0009', type: 'Error', message })));
    const contacts = await findContacts(
      tx,
      who.subscriberId,
      rows.map((row) => row.id),
    );
    await tx.delete(businessPartners).where(
      inArray(
        businessPartners.id,
        rows.map((row) => row.id),
      ),
    );
    for (const row of rows) {
      await writeAudit(tx, who, {
        entityType: 'BusinessPartner',
        entityKey: row.id,
        entityName: nameOf(row),
        action: 'Delete',
        before: audited(
          row,
          contacts.filter((c) => c.partnerId === row.id),
        ),
        ip,
      });
    }
    return rows.length;
  });
};

const isUnreachable = (error: PortalError) => error.portalCode === 'TIMEOUT' || error.portalCode === 'NETWORK';

/**
 * Asks the GST portal's taxpayer search for each registered partner's GSTIN (outside any transaction: the mounted
 * sandbox shares the server's connection on PGlite), then stores the status, the taxpayer type, the names the partner
 * lacks and the time, with an audit row. When the portal cannot be reached the rest are not asked, and say so.
 */
export const checkBusinessPartnerGstins = async (db: Db, portal: GstPortal, who: Who, ids: readonly number[], ip: string) => {
  const rows = await loadAll(db, who, ids);
  const results: GstinCheckResult[] = [];
  let unreachable: string | null = null;
  for (const row of rows) {
    const base = { id: row.id, gstin: row.gstin, gstinStatus: row.gstinStatus, taxpayerType: row.taxpayerType };
    if (row.gstin === '') {
      results.push({ ...base, outcome: 'Unregistered', message: `${nameOf(row)} has no GSTIN to check.` });
      continue;
    }
    if (unreachable) {
      results.push({ ...base, outcome: 'Unreachable', message: unreachable });
      continue;
    }
    let found;
    try {
      found = await portal.searchTaxpayer(row.gstin);
    } catch (error) {
      if (!(error instanceof PortalError)) throw error;
      if (isUnreachable(error)) {
        unreachable = `The GST portal could not be reached, so the GSTIN status was not checked: ${error.message}`;
        results.push({ ...base, outcome: 'Unreachable', message: unreachable });
      } else results.push({ ...base, outcome: 'Refused', message: `The GST portal answered ${error.portalCode}: ${error.message}` });
      continue;
    }
    const change = {
      gstinStatus: found.status,
      taxpayerType: found.taxpayerType,
      gstinCheckedAt: new Date(),
      ...(row.legalName.trim() === '' && found.legalName ? { legalName: found.legalName } : {}),
      ...(!row.tradeName && found.tradeName ? { tradeName: found.tradeName } : {}),
    };
    await db.transaction(async (tx) => {
      await tx.update(businessPartners).set(change).where(eq(businessPartners.id, row.id));
      await writeAudit(tx, who, {
        entityType: 'BusinessPartner',
        entityKey: row.id,
        entityName: nameOf(row),
        action: 'Update',
        before: { gstinStatus: row.gstinStatus, taxpayerType: row.taxpayerType, gstinCheckedAt: row.gstinCheckedAt },
        after: change,
        ip,
      });
    });
    results.push({ ...base, outcome: 'Checked', gstinStatus: found.status, taxpayerType: found.taxpayerType, message: null });
  }
  return { results };
};
