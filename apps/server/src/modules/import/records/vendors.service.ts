// Vendors → business_partners. A registered vendor is identified by its GSTIN alone (code stored as ''), an
// unregistered one by the subscriber's own code; the PAN and the state of a registered vendor come from its GSTIN.
// The fields are checked as /business-partners' form checks them (the masters' partnerIssues: GSTIN, PAN and state
// together, Udyam number and class, TDS section, e-mail, phone, pincode).
import { VAL_CODES } from '@opengst/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database';
import { businessPartners } from '../../../db/schema';
import { partnerIssues } from '../../masters';
import { rowError, type RecordHandler, type RowIssue, type RowValues } from './record-handler.rules';

export type VendorRecord = {
  gstin: string;
  code: string;
  pan: string | null;
  legalName: string;
  tradeName: string | null;
  stateCode: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  pincode: string | null;
  city: string | null;
  msmeNumber: string | null;
  msmeClass: string | null;
  msmeActivity: string | null;
  tdsSection: string | null;
};

const BATCH = 500;

const text = (values: RowValues, key: string): string | null => (values[key] as string | null) ?? null;

/** The import's error code per column: the GSTIN's and the missing code's as before, the others a validation failure. */
const issueOf = (propertyName: string, message: string): RowIssue => {
  if (propertyName === 'gstin') return rowError('gstin', 'VAL0437', `${VAL_CODES.VAL0437.message} ${message}`);
  if (propertyName === 'code') return rowError('code', 'IMP0009', 'An unregistered vendor (no GSTIN) needs your vendor code.');
  return rowError(propertyName, 'GEN0009', message);
};

export const vendorHandler = (subscriberId: number, importId: number, userId: number): RecordHandler<VendorRecord> => ({
  check: (values) => {
    const gstinText = text(values, 'gstin');
    const msmeNumber = text(values, 'msmeNumber');
    const checked = partnerIssues({
      gstin: gstinText,
      pan: text(values, 'pan'),
      code: text(values, 'code'),
      stateCode: text(values, 'stateCode'),
      email: text(values, 'email'),
      phone: text(values, 'phone'),
      pincode: text(values, 'pincode'),
      msmeNumber,
      msmeClass: text(values, 'msmeClass'),
      tdsSection: text(values, 'tdsSection'),
    });
    const issues = checked.issues.map((issue) => issueOf(issue.propertyName, issue.message));
    if (issues.length > 0) return { record: null, issues };
    return {
      issues,
      record: {
        gstin: checked.gstin,
        code: checked.gstin ? '' : (text(values, 'code') ?? ''),
        pan: checked.pan,
        legalName: text(values, 'legalName') ?? '',
        tradeName: text(values, 'tradeName'),
        stateCode: checked.stateCode,
        email: text(values, 'email'),
        phone: checked.phone,
        address: text(values, 'address'),
        pincode: text(values, 'pincode'),
        city: text(values, 'city'),
        msmeNumber: checked.msmeNumber,
        msmeClass: checked.msmeNumber ? text(values, 'msmeClass') : null,
        msmeActivity: checked.msmeNumber ? text(values, 'msmeActivity') : null,
        tdsSection: text(values, 'tdsSection'),
      },
    };
  },

  keyOf: (r) => `${r.gstin}|${r.code}`,
  describeKey: (r) => (r.gstin ? `GSTIN ${r.gstin}` : `vendor code ${r.code}`),

  store: async (tx: Tx, records) => {
    for (let at = 0; at < records.length; at += BATCH) {
      const rows = records
        .slice(at, at + BATCH)
        .map(({ record }) => ({ ...record, subscriberId, partnerType: 'Vendor' as const, importId, createdBy: userId, updatedBy: userId }));
      await tx
        .insert(businessPartners)
        .values(rows)
        .onConflictDoUpdate({
          target: [businessPartners.subscriberId, businessPartners.gstin, businessPartners.code],
          set: {
            // A customer imported as a vendor is both.
            partnerType: sql`case when ${businessPartners.partnerType} = 'Customer' then 'Both' else ${businessPartners.partnerType} end`,
            pan: sql`excluded.pan`,
            legalName: sql`excluded.legal_name`,
            tradeName: sql`excluded.trade_name`,
            stateCode: sql`excluded.state_code`,
            email: sql`excluded.email`,
            phone: sql`excluded.phone`,
            address: sql`excluded.address`,
            pincode: sql`excluded.pincode`,
            city: sql`excluded.city`,
            msmeNumber: sql`excluded.msme_number`,
            msmeClass: sql`excluded.msme_class`,
            msmeActivity: sql`excluded.msme_activity`,
            tdsSection: sql`excluded.tds_section`,
            // A GSTIN's status stays as last checked: the file does not carry it.
            importId,
            updatedBy: userId,
            updatedAt: sql`now()`,
          },
        });
    }
    return { written: records.length, issues: [] };
  },
});
