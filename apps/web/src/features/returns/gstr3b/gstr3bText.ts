import { GSTR3B_TEXT } from '@opengst/contracts';
import { fillText, useText, type TextKey, type TextVars } from '../../../i18n/useText';

// The words of /gstr-3b. GSTR3B_TEXT (contracts) is not yet a part of the served RESOURCES, and the screen needs a
// few words the contracts do not have (the form's table headings, the set-off's columns): those stand here until
// they move to contracts gstr3b.text.ts. A word the loaded bundles hold wins, so a translation applies once served.

const SCREEN_TEXT = {
  'gstr3b.table.3.1': '3.1 Details of outward supplies and inward supplies liable to reverse charge',
  'gstr3b.table.3.1.1': '3.1.1 Details of supplies notified under section 9(5) of the CGST Act, 2017',
  'gstr3b.table.3.2':
    '3.2 Of the supplies shown in 3.1 (a) and 3.1.1 (i), details of inter-State supplies made to unregistered persons, composition taxable persons and UIN holders',
  'gstr3b.table.4': '4 Eligible ITC',
  'gstr3b.table.5': '5 Values of exempt, nil-rated and non-GST inward supplies',
  'gstr3b.table.5.1': '5.1 Interest and late fee for the previous tax period',
  'gstr3b.table.6.1': '6.1 Payment of tax',
  'gstr3b.group.4A': '(A) ITC available (whether in full or part)',
  'gstr3b.group.4B': '(B) ITC reversed',
  'gstr3b.group.4C': '(C) Net ITC available (A) − (B)',
  'gstr3b.group.4D': '(D) Other details',
  'gstr3b.nature': 'Nature of supplies',
  'gstr3b.sources.one': '1 document',
  'gstr3b.placeOfSupply': 'Place of supply {pos}',
  'gstr3b.openDocuments': 'Open the documents behind {figure}',
  'gstr3b.documentsOf': '{documents} documents, {gstr2b} GSTR-2B records, {summaries} summary rows',
  'gstr3b.locked': 'Locked: {reason}',
  'gstr3b.lockedNote': 'Locked figures cannot be changed at the portal: the system figure is what it files.',
  'gstr3b.invalidAmount': 'Amounts in rupees, at most two decimals (1,23,456.78).',
  'gstr3b.changes': '{n} figures changed',
  'gstr3b.noChanges': 'Nothing changed',
  'gstr3b.enterHint': 'Enter in a figure saves; an empty figure takes the system figure.',
  'gstr3b.discard': 'Discard changes',
  'gstr3b.tab.figures': 'Tables 3 to 5',
  'gstr3b.tab.setOff': '6.1 Set-off',
  'gstr3b.tab.timeline': 'Timeline',
  'gstr3b.frequency': 'Frequency',
  'gstr3b.loadFailed': 'The GSTR-3B could not be loaded. Check the GSTIN and the period, or try again.',
  'gstr3b.choose': 'Choose the GSTIN and the return period of the GSTR-3B to prepare.',
  'gstr3b.noRight': 'Preparing GSTR-3B needs the right Prepare GSTR-3B: you can read the figures only.',
  'gstr3b.filedNoEdit': 'This return is submitted or filed at the portal: its figures can no longer be changed.',
  'gstr3b.documents.empty': 'No documents behind this figure.',
  'gstr3b.documents.kind': 'Source',
  'gstr3b.documents.counterparty': 'Counterparty',
  'gstr3b.documents.number': 'Number',
  'gstr3b.documents.date': 'Date',
  'gstr3b.documents.pos': 'POS',
  'gstr3b.setOff.description': 'Description',
  'gstr3b.setOff.otherThanReverseCharge': '(A) Other than reverse charge',
  'gstr3b.setOff.reverseCharge': '(B) Reverse charge',
  'gstr3b.setOff.paidThroughItc': 'Paid through ITC',
  'gstr3b.setOff.taxCash': 'Tax paid in cash',
  'gstr3b.setOff.interestCash': 'Interest paid in cash',
  'gstr3b.setOff.lateFeeCash': 'Late fee paid in cash',
  'gstr3b.setOff.explained': 'How the set-off was chosen',
  'gstr3b.setOff.noCredit': 'No credit is used: nothing payable can be paid from the credit available.',
  'gstr3b.setOff.asOf': 'Interest and late fee counted to {date} (due {due}).',
  'gstr3b.setOff.netItc': 'Net ITC of this return (4C)',
  'gstr3b.setOff.creditLedger': 'Credit ledger balance',
  'gstr3b.setOff.cashLedger': 'Cash ledger balance',
  'gstr3b.setOff.creditLeft': 'Credit left after set-off',
  'gstr3b.setOff.cashTotal': 'Cash to pay in total',
  'gstr3b.setOff.unknownBalance': 'not read',
  'gstr3b.setOff.head': 'Head',
  'gstr3b.setOff.loadFailed': 'The set-off could not be computed. Try again.',
  'gstr3b.timeline.gstr1': 'GSTR-1 it waits on',
  'gstr3b.timeline.gstr1None': 'No GSTR-1 in the product for {period}',
  'gstr3b.timeline.events': 'What happened',
  'gstr3b.timeline.empty': 'Nothing has happened to this return yet.',
  'gstr3b.timeline.filed': 'Filed {date}, ARN {arn}',
  'gstr3b.head.igst': 'Integrated tax',
  'gstr3b.head.cgst': 'Central tax',
  'gstr3b.head.sgst': 'State/UT tax',
  'gstr3b.head.cess': 'Cess',
} as const;

const ALL_TEXT = { ...GSTR3B_TEXT, ...SCREEN_TEXT };
export type Gstr3bTextKey = keyof typeof ALL_TEXT;
export type Gstr3bTranslate = (key: Gstr3bTextKey, vars?: TextVars) => string;

export const useGstr3bText = (): Gstr3bTranslate => {
  const t = useText();
  return (key, vars) => {
    // Not a TextKey of the bundled copy yet: asked of the loaded bundles by name, which answer the key itself when absent.
    const loaded = t(key as string as TextKey, vars);
    return loaded === key ? fillText(ALL_TEXT[key], vars) : loaded;
  };
};
