// When a document's goods need an e-way bill: the consignment value threshold of Rule 138(1), the higher intra-State
// limits the States notified under Rule 138(14)(d), and the movements that need one whatever the value (Rule 138(1)
// provisos). Dated data; amounts in paise; "above" means strictly greater.
//
// The figures are those of GST-RULES-DETAIL §4 ("₹1 lakh Delhi, Maharashtra, Tamil Nadu, Bihar, Punjab; Rajasthan ₹1
// lakh/₹2 lakh intra-city"). Their dates and notification numbers are from reproductions of the State notifications
// (grade [B]: not read in a State gazette); each entry names where. When a State, a date or a class of goods is not
// covered here, the ₹50,000 of Rule 138(1) applies: the table errs towards asking for an e-way bill, since a missing
// one costs a detention and penalty under s.129 and an unneeded one costs nothing.
//
// Left out, unverified:
// - Punjab ₹1 lakh: in the detail file, but its date (8 October 2018 per mybillbook.in) and the "specified goods" kept
//   at ₹50,000 were not found in a notification.
// - West Bengal, Jharkhand ₹1 lakh: not in the detail file; secondary sources only.
// - Bihar ₹2 lakh from 20-04-2018 to 20-01-2019 (S.O. 180): not in the detail file.
// - The goods exempt under Rule 138(14) and its Annexure, and the States' lists of exempt goods (Tamil Nadu's 100
//   items, Maharashtra's hank, yarn, fabric and garments for job work within 50 km): not in the detail file.
import type { DocumentInput } from '../documents/document-input';
import { EWAYBILL_THRESHOLDS, thresholdOn } from '../documents/thresholds';
import { isIsoDate } from '../dates/calendar';
import { stateFromCode } from '../identity/states';
import { isServiceItem } from './build-ewaybill';

const LAKH = 1_00_000_00; // paise in one lakh rupees

export type EwaybillStateThreshold = {
  /** Two-digit GST state code. */
  stateCode: string;
  /** Movement that begins and ends in the State, or within one city of it. */
  scope: 'intraState' | 'intraCity';
  effectiveFrom: string;
  effectiveTo?: string;
  abovePaise: number;
  /** HSN prefixes (chapters, headings) the limit does not cover: their consignments keep Rule 138(1)'s ₹50,000. */
  excludedHsnPrefixes?: readonly string[];
  source: string;
};

/** Intra-State consignment value limits notified by the States under Rule 138(14)(d). */
export const EWAYBILL_STATE_THRESHOLDS: readonly EwaybillStateThreshold[] = [
  {
    stateCode: '07',
    scope: 'intraState',
    effectiveFrom: '2018-06-16',
    abovePaise: LAKH,
    source:
      'Delhi: Notification No. 03 dated 15-06-2018, intra-State e-way bill above ₹1 lakh from 16-06-2018 [B: blog.fleetable.tech, mybillbook.in]',
  },
  {
    stateCode: '27',
    scope: 'intraState',
    effectiveFrom: '2018-07-01',
    abovePaise: LAKH,
    source:
      'Maharashtra: Notification 15E/2018-State Tax dated 29-06-2018, in force 01-07-2018 [B: lexplosion.in quoting the Commercial Taxes Department]',
  },
  {
    stateCode: '33',
    scope: 'intraState',
    effectiveFrom: '2018-06-02',
    abovePaise: LAKH,
    source:
      'Tamil Nadu: Notification 09/2018 (Commissioner of State Tax) dated 31-05-2018, in force 02-06-2018 [B: weandgst.in reproducing it]',
  },
  {
    stateCode: '10',
    scope: 'intraState',
    effectiveFrom: '2019-01-21',
    abovePaise: LAKH,
    source: 'Bihar: Notification S.O. 14 dated 14-01-2019, ₹1 lakh from 21-01-2019 [B: taxmanagementindia.com ready reckoner]',
  },
  {
    stateCode: '08',
    scope: 'intraState',
    effectiveFrom: '2021-04-01',
    abovePaise: LAKH,
    excludedHsnPrefixes: ['24', '2106'],
    source:
      'Rajasthan: Notification F.17(131-Pt-II)ACCT/GST/2017/6672 dated 30-03-2021 amending F.17(131)ACCT/GST/2017/3743, ₹1 lakh from 01-04-2021 except tobacco (chapter 24) and pan masala (heading 2106) [B: udyamica.com]',
  },
  {
    stateCode: '08',
    scope: 'intraCity',
    effectiveFrom: '2022-04-01',
    abovePaise: 2 * LAKH,
    excludedHsnPrefixes: ['24', '2106', '44', '72'],
    source:
      'Rajasthan: amendment of 24-02-2022 to F.17(131)ACCT/GST/2017/3743, ₹2 lakh within one municipal area from 01-04-2022 except chapters 24, 44, 72 and heading 2106 [B: thetaxtalk.com reproducing it]',
  },
];

export type EwaybillRequirementOptions = {
  /** The day the goods move (ISO YYYY-MM-DD). */
  onDate: string;
  /** Where the movement begins and ends; default the supplier's State and the place of supply. */
  fromStateCode?: string | null;
  toStateCode?: string | null;
  /** The movement begins and ends within one city (Rajasthan's intra-city limit). */
  isIntraCity?: boolean;
  /**
   * Rule 138(1) first proviso: a principal sends goods to a job worker in another State; second proviso: handicraft
   * goods of a person exempt from registration (s.24(i), (ii)) go to another State. Either needs an e-way bill
   * whatever the value.
   */
  purpose?: 'jobWork' | 'handicraft' | null;
};

export type EwaybillRequirementBasis =
  'notAMovementDocument' | 'noGoods' | 'beforeEwaybill' | 'interStateWhateverValue' | 'rule138' | 'stateLimit';

export type EwaybillRequirement = {
  required: boolean;
  /** The consignment value (Rule 138(1) Explanation): goods with their taxes and cess, without exempt goods. */
  consignmentValuePaise: number;
  /** The limit applied (required when strictly above); null when none applies. */
  abovePaise: number | null;
  basis: EwaybillRequirementBasis;
  /** The legal basis in words. */
  source: string;
};

const NOT_MOVEMENT = new Set(['CRN', 'DBN', 'RV', 'RFV', 'PV', 'ISD']);

/**
 * Whether the goods of a document need an e-way bill on `onDate`. Consignment value per Rule 138(1) Explanation 2:
 * the value under s.15 with CGST, SGST/UTGST, IGST and cess, leaving out exempt goods (s.2(47): nil-rated and exempt;
 * items at 0% that are not zero-rated exports or SEZ supplies).
 */
export function isEwaybillRequired(document: DocumentInput, options: EwaybillRequirementOptions): EwaybillRequirement {
  const typ = (document.documentType ?? '').trim().toUpperCase();
  const isZeroRated = document.exportType === 'WPAY' || document.exportType === 'WOPAY' || document.isSez === true;
  const goods = document.items.filter((it) => !isServiceItem(it));
  const consignmentValuePaise = goods
    .filter((it) => isZeroRated || it.ratePercent !== 0)
    .reduce((a, it) => a + it.taxable + (it.igst ?? 0) + (it.cgst ?? 0) + (it.sgst ?? 0) + (it.cess ?? 0), 0);
  const answer = (required: boolean, abovePaise: number | null, basis: EwaybillRequirementBasis, source: string): EwaybillRequirement => ({
    required,
    consignmentValuePaise,
    abovePaise,
    basis,
    source,
  });
  if (NOT_MOVEMENT.has(typ))
    return answer(
      false,
      null,
      'notAMovementDocument',
      `A ${typ} moves no goods; an e-way bill is made of the invoice, bill or challan that does.`,
    );
  if (goods.length === 0)
    return answer(false, null, 'noGoods', 'Rule 138(1): e-way bills are for the movement of goods; the document has none.');
  const date = options.onDate;
  const base = isIsoDate(date) ? thresholdOn(EWAYBILL_THRESHOLDS, date) : -1;
  if (base < 0) return answer(false, null, 'beforeEwaybill', 'Rule 138 e-way bills apply from 01-04-2018 (Notification 15/2018-CT).');

  const from = stateFromCode(options.fromStateCode ?? document.supplierState ?? document.supplierGstin?.slice(0, 2) ?? '')?.code;
  const isExport = document.exportType === 'WPAY' || document.exportType === 'WOPAY';
  const to = isExport
    ? undefined
    : stateFromCode(
        options.toStateCode ?? document.placeOfSupply ?? document.counterpartyState ?? document.counterpartyGstin?.slice(0, 2) ?? '',
      )?.code;
  const isIntraState = from !== undefined && from === to;
  if (!isIntraState && options.purpose === 'jobWork')
    return answer(
      true,
      null,
      'interStateWhateverValue',
      'Rule 138(1) first proviso: goods sent by a principal to a job worker in another State.',
    );
  if (!isIntraState && options.purpose === 'handicraft')
    return answer(
      true,
      null,
      'interStateWhateverValue',
      'Rule 138(1) second proviso: handicraft goods of a person exempt from registration, to another State.',
    );

  if (isIntraState) {
    const hsns = goods.map((it) => (it.hsn ?? '').trim());
    const entries = EWAYBILL_STATE_THRESHOLDS.filter(
      (e) =>
        e.stateCode === from &&
        (e.scope === 'intraState' || options.isIntraCity === true) &&
        e.effectiveFrom <= date &&
        (e.effectiveTo === undefined || date <= e.effectiveTo) &&
        !hsns.some((h) => (e.excludedHsnPrefixes ?? []).some((p) => h.startsWith(p))),
    );
    const best = entries.reduce<EwaybillStateThreshold | undefined>(
      (a, e) => (a === undefined || e.abovePaise > a.abovePaise ? e : a),
      undefined,
    );
    if (best !== undefined && best.abovePaise > base)
      return answer(consignmentValuePaise > best.abovePaise, best.abovePaise, 'stateLimit', `Rule 138(14)(d); ${best.source}`);
  }
  return answer(consignmentValuePaise > base, base, 'rule138', 'Rule 138(1): consignment value above ₹50,000.');
}
