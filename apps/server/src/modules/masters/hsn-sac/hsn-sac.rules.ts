// The checks of one HSN/SAC code of the subscriber's list, shared by the /hsn-sac form and the HSN/SAC import:
// - the code is in the GST portal's HSN/SAC directory, or a heading of codes in it (so no code the portal would refuse
//   reaches a document, GSTR-1 table 12 or an e-invoice): HSN of goods with 4, 6 or 8 digits (Notification 78/2020-CT
//   asks 4 or 6 on invoices, the Customs Tariff's tariff items have 8), SAC of services with 6 (chapter 99, heading
//   and group 9954 name no service);
// - the rate is a GST slab in force today (the domain's dated slabs: 12% and 28% kept only for specified goods from
//   22-09-2025, 40% from that date, Notification 9/2025-CT(Rate));
// - the UQC is on the GST UQC list; a service carries none or OTH (the e-invoice's Unit is optional for IsServc 'Y',
//   and GSTR-1 table 12 reports services under 'OTH', NIC e-invoice FAQ and the GSTR-1 offline tool).
import { gstRatesOn, isServiceCode, isUqc, rateStatusOn, searchHsn, validateHsn, type HsnSearchIndex } from '@opengst/domain';

export const SERVICE_UQC = 'OTH';

export type HsnSacInput = { code: string; rate: number | null; uqc: string | null };
export type HsnSacIssue = { column: 'code' | 'rate' | 'uqc'; message: string };
export type HsnSacChecked =
  | { ok: true; code: string; isService: boolean; rate: number | null; uqc: string | null; officialDescription: string | null }
  | { ok: false; issues: HsnSacIssue[] };

const percent = (milli: number) => `${milli / 1000}%`;
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** The directory's record of the code (its description), 'heading' when codes of the directory start with it, or null. */
const inDirectory = (index: HsnSearchIndex, code: string): { description: string | null } | null => {
  const position = index.positionOf.get(code);
  if (position !== undefined) return { description: index.entries[position]?.record.description ?? null };
  const { results } = searchHsn(index, code, 1);
  return results[0]?.code.startsWith(code) ? { description: null } : null;
};

export const checkHsnSac = (index: HsnSearchIndex, input: HsnSacInput, today: string): HsnSacChecked => {
  const issues: HsnSacIssue[] = [];
  const valid = validateHsn(input.code);
  let official: { description: string | null } | null = null;
  let code = '';
  if (!valid.ok) issues.push({ column: 'code', message: valid.message });
  else {
    code = valid.code;
    if (valid.kind === 'SAC' && valid.digits !== 6)
      issues.push({ column: 'code', message: `A SAC has 6 digits (${code} is a chapter or heading of services, not a service).` });
    else if (valid.kind === 'HSN' && valid.digits === 2)
      issues.push({ column: 'code', message: `An HSN code has 4, 6 or 8 digits (${code} is a chapter of the tariff).` });
    else {
      official = inDirectory(index, code);
      if (!official)
        issues.push({
          column: 'code',
          message: `${code} is not in the GST portal's HSN/SAC directory: pick a code from the official list (HSN/SAC codes search).`,
        });
    }
  }
  if (input.rate !== null && rateStatusOn(input.rate, today) === 'invalid') {
    const slabs = [...new Set(gstRatesOn(today).map((s) => s.ratePercent))].join(', ');
    issues.push({
      column: 'rate',
      message: `${percent(input.rate)} is not a GST rate in force on ${ddmmyyyy(today)}: the rates are ${slabs}%.`,
    });
  }
  const uqc = input.uqc === null ? null : input.uqc.trim().toUpperCase() || null;
  if (uqc !== null && !isUqc(uqc)) issues.push({ column: 'uqc', message: `${uqc} is not a unit quantity code (UQC) of the GST list.` });
  else if (uqc !== null && uqc !== SERVICE_UQC && valid.ok && valid.kind === 'SAC')
    issues.push({ column: 'uqc', message: `A service (SAC) is not measured in ${uqc}: leave the UQC blank or use ${SERVICE_UQC}.` });
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, code, isService: isServiceCode(code), rate: input.rate, uqc, officialDescription: official?.description ?? null };
};
