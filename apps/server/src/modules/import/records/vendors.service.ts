// Vendors → business_partners. A registered vendor is identified by its GSTIN alone (code stored as ''), an
// unregistered one by the subscriber's own code; the PAN and the state of a registered vendor come from its GSTIN.
import { isPhoneNumber, phoneDigits, stateFromCode, VAL_CODES, validateGstin, validatePan } from '@opengst/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../db/database';
import { businessPartners } from '../../../db/schema';
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
};

const BATCH = 500;
const EMAIL = z.email();
const PINCODE = /^[1-9]\d{5}$/;

const text = (values: RowValues, key: string): string | null => (values[key] as string | null) ?? null;

export const vendorHandler = (subscriberId: number, importId: number, userId: number): RecordHandler<VendorRecord> => ({
  check: (values) => {
    const issues: RowIssue[] = [];
    const gstinText = text(values, 'gstin');
    let pan = text(values, 'pan')?.toUpperCase() ?? null;
    let stateCode = text(values, 'stateCode');
    let gstin = '';
    if (gstinText && gstinText !== 'URP') {
      const result = validateGstin(gstinText);
      if (!result.ok) issues.push(rowError('gstin', 'VAL0437', `${VAL_CODES.VAL0437.message} ${result.message}`));
      else {
        gstin = result.gstin;
        if (pan !== null && pan !== result.pan)
          issues.push(rowError('pan', 'GEN0009', `The PAN must be the one inside the GSTIN (${result.pan}).`));
        if (stateCode !== null && stateCode !== result.stateCode)
          issues.push(rowError('stateCode', 'GEN0009', `The state of a registered vendor is the GSTIN's (${result.stateCode}).`));
        // A TDS or government registration carries a TAN, not a PAN, in characters 3 to 12.
        pan = validatePan(result.pan).ok ? result.pan : pan;
        stateCode = result.stateCode;
      }
    } else {
      if (!text(values, 'code')) issues.push(rowError('code', 'IMP0009', 'An unregistered vendor (no GSTIN) needs your vendor code.'));
      if (pan !== null) {
        const result = validatePan(pan);
        if (!result.ok) issues.push(rowError('pan', 'GEN0009', result.message));
      }
      if (stateCode !== null && !stateFromCode(stateCode)) issues.push(rowError('stateCode', 'GEN0009', 'Not a GST state code.'));
    }
    const email = text(values, 'email');
    if (email !== null && !EMAIL.safeParse(email).success) issues.push(rowError('email', 'GEN0009', 'Not a valid e-mail address.'));
    const phone = text(values, 'phone');
    if (phone !== null && !isPhoneNumber(phoneDigits(phone)))
      issues.push(rowError('phone', 'GEN0009', 'A phone number is 7 to 20 digits with an optional leading plus.'));
    const pincode = text(values, 'pincode');
    if (pincode !== null && !PINCODE.test(pincode))
      issues.push(rowError('pincode', 'GEN0009', 'A pincode is six digits, not starting with 0.'));
    if (issues.length > 0) return { record: null, issues };
    return {
      issues,
      record: {
        gstin,
        code: gstin ? '' : (text(values, 'code') ?? ''),
        pan,
        legalName: text(values, 'legalName') ?? '',
        tradeName: text(values, 'tradeName'),
        stateCode,
        email,
        phone: phone === null ? null : phoneDigits(phone),
        address: text(values, 'address'),
        pincode,
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
            importId,
            updatedBy: userId,
            updatedAt: sql`now()`,
          },
        });
    }
    return { written: records.length, issues: [] };
  },
});
