// A business partner's GSTIN, PAN and state, checked together (the master's form, its save and the vendor import use
// this one check). A registered partner's PAN is characters 3 to 12 of its GSTIN and its state the GSTIN's first two
// digits (Rule 10 and Form GST REG-06, CGST Rules 2017); an unregistered one (no GSTIN, or 'URP') gives its own.
import { validateGstin } from '../identity/gstin';
import { validatePan } from '../identity/pan';
import { stateFromCode } from '../identity/states';

export type PartnerIdentityInput = { gstin: string | null; pan: string | null; stateCode: string | null };
export type PartnerIdentityIssue = { propertyName: 'gstin' | 'pan' | 'stateCode'; message: string };
export type PartnerIdentity = {
  /** '' for an unregistered partner. */
  gstin: string;
  pan: string | null;
  stateCode: string | null;
  issues: PartnerIdentityIssue[];
};

const blank = (value: string | null): string | null => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
};

export const checkPartnerIdentity = (input: PartnerIdentityInput): PartnerIdentity => {
  const issues: PartnerIdentityIssue[] = [];
  const gstinText = blank(input.gstin)?.toUpperCase() ?? null;
  const panText = blank(input.pan)?.toUpperCase() ?? null;
  const stateText = blank(input.stateCode);
  const stateCode = stateText === null ? null : (stateFromCode(stateText)?.code ?? stateText);
  if (gstinText !== null && gstinText !== 'URP') {
    const gstin = validateGstin(gstinText);
    if (!gstin.ok) {
      issues.push({ propertyName: 'gstin', message: gstin.message });
      return { gstin: gstinText, pan: panText, stateCode, issues };
    }
    // A TDS deductor's or a government department's GSTIN carries a TAN; a non-resident's, OIDAR's or UIN's no PAN.
    const hasPan = validatePan(gstin.pan).ok && (gstin.kind === 'regular' || gstin.kind === 'tcs');
    if (panText !== null && hasPan && panText !== gstin.pan)
      issues.push({ propertyName: 'pan', message: `The PAN must be the one inside the GSTIN: characters 3 to 12, ${gstin.pan}.` });
    else if (panText !== null && !hasPan) {
      const pan = validatePan(panText);
      if (!pan.ok) issues.push({ propertyName: 'pan', message: pan.message });
    }
    if (stateCode !== null && stateCode !== gstin.stateCode) {
      const state = stateFromCode(gstin.stateCode);
      issues.push({
        propertyName: 'stateCode',
        message: `A registered partner is in its GSTIN's state: ${gstin.stateCode}${state ? ` (${state.name})` : ''}.`,
      });
    }
    return { gstin: gstin.gstin, pan: hasPan ? gstin.pan : panText, stateCode: gstin.stateCode, issues };
  }
  if (panText !== null) {
    const pan = validatePan(panText);
    if (!pan.ok) issues.push({ propertyName: 'pan', message: pan.message });
  }
  if (stateCode !== null && !stateFromCode(stateCode)?.isGstinPrefix)
    issues.push({ propertyName: 'stateCode', message: `${stateCode} is not a GST state code.` });
  return { gstin: '', pan: panText, stateCode, issues };
};
