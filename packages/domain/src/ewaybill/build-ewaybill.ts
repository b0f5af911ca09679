// buildEwaybill: a document → the NIC e-way bill API v1.03 request of action GENEWAYBILL (Rule 138 CGST Rules, Form
// GST EWB-01; field names and code lists as ../shared/data/ewaybill transcribes them from docs.ewaybillgst.gov.in).
// Pure and total: it never throws. It returns the JSON and the problems the portal would refuse it for (or the law
// forbids), so the caller can refuse to send it before the portal does.
//
//   const { json, problems } = buildEwaybill(document, { at, from, to, shipTo, distanceKm, mode: '1', vehicleNumber });
//   if (problems.length === 0) send('GENEWAYBILL', json);
//
// - Part A is the document (parties, places, values, HSN, reason); Part B the conveyance (mode, vehicle or transport
//   document). Either the generator or an assigned transporter fills Part B (Rule 138(2), (2A), (3)).
// - fromGstin/toGstin and fromStateCode/toStateCode are the parties (bill from, bill to: the place of supply);
//   the addresses, PINs and actFromStateCode/actToStateCode are where the goods actually leave from and go to.
// - Amounts in the document are integer paise and are summed as such; the JSON carries rupees with 2 decimals. Only
//   goods are listed: the value of services on the same document, other charges and the round-off go to otherValue,
//   so that totInvValue is the document's value and equals the sum of its parts exactly.
import type { DocumentInput, DocumentItem } from '../documents/document-input';
import { paiseToRupees } from '../money/amount';
import { mulDivRoundHalfAway } from '../money/rounding';
import { quantityToMilli } from '../tax/compute-tax';
import { stateFromCode } from '../identity/states';
import { isUqc } from '../codes/uqc';
import {
  EWB_DOC_NO,
  EWB_TRANS_DOC_NO,
  ewaybillChecks,
  isBlank,
  isEwaybillVehicleNumber,
  normalizeVehicleNumber,
  optional,
  rupeeText,
} from './ewaybill-fields';
import {
  EWB_OTHER_COUNTRY_STATE,
  EWB_PART_B_EXEMPT_KM,
  type EwaybillAddress,
  type EwaybillBuildResult,
  type EwaybillItemJson,
  type EwaybillJson,
  type EwaybillProblem,
  type EwaybillTransport,
  type EwbDocType,
  type EwbSubSupplyType,
  type EwbTransactionType,
} from './ewaybill-input';
import { checkEwaybillDistance, istDateOf, isDocumentTooOldForEwaybill, EWB_MAX_DOCUMENT_AGE_DAYS } from './validity';

/** Document types that move goods, and their docType. Notes, vouchers and ISD documents move none. */
const DOC_TYPES: Readonly<Record<string, EwbDocType>> = { INV: 'INV', BIL: 'BIL', BOE: 'BOE', CHL: 'CHL', OTH: 'OTH' };

/** Whether an item is a service (SAC, chapter 99, unless the item says otherwise). */
export const isServiceItem = (item: DocumentItem): boolean => item.isService ?? (item.hsn ?? '').trim().startsWith('99');

/** Builds the GENEWAYBILL request of `document`; see the file header for the contract. Never throws. */
export function buildEwaybill(document: DocumentInput, transport: EwaybillTransport): EwaybillBuildResult {
  const problems: EwaybillProblem[] = [];
  const { add, format, text, date, pincode, state, gstin, transporterId, hsn } = ewaybillChecks(problems, transport.sandbox === true);

  // --- Document: type, number, date, reason ---
  const typ = (document.documentType ?? '').trim().toUpperCase();
  const docType = transport.docType ?? DOC_TYPES[typ];
  if (docType === undefined)
    add(
      'NOT_AN_EWAYBILL_DOCUMENT',
      'docType',
      `A ${typ || 'blank'} document is not one an e-way bill is made of: the portal takes a tax invoice (INV), bill of supply (BIL), bill of entry (BOE), delivery challan (CHL) or other document (OTH). Goods returned move on a delivery challan or invoice, not on the credit note.`,
    );
  const docNo = (document.documentNumber ?? '').trim();
  if (!EWB_DOC_NO.test(docNo)) format('docNo', `Document number "${docNo}" must be 1 to 16 letters, digits, / or - (Rule 46(b)).`);
  const docDate = date('docDate', document.documentDate);
  const today = istDateOf(transport.at);
  if (docDate.length === 10 && document.documentDate > today)
    add('DOCUMENT_DATE_IN_FUTURE', 'docDate', `The document date ${docDate} is after the day of generation.`);
  // From 1 January 2025 (GSTN advisory, GST-RULES-DETAIL §4): no e-way bill for a document older than 180 days.
  if (docDate.length === 10 && isDocumentTooOldForEwaybill(document.documentDate, transport.at))
    add(
      'DOCUMENT_TOO_OLD',
      'docDate',
      `The document is dated ${docDate}, more than ${EWB_MAX_DOCUMENT_AGE_DAYS} days before generation: the portal no longer takes it.`,
    );

  const isExport = document.exportType === 'WPAY' || document.exportType === 'WOPAY';
  const isImport = document.isImport === true || typ === 'BOE';
  const supplyType = transport.supplyType ?? (document.isInward === true || isImport ? 'I' : 'O');
  const subSupplyType: EwbSubSupplyType | undefined =
    transport.subSupplyType ?? (isExport ? '3' : isImport ? '2' : docType === 'CHL' ? undefined : '1');
  if (subSupplyType === undefined)
    format('subSupplyType', 'A delivery challan must say why the goods move (job work, own use, exhibition, line sales, …).');
  const subSupplyDesc = text('subSupplyDesc', transport.subSupplyDesc, 20);
  if (subSupplyType === '8' && subSupplyDesc === undefined)
    format('subSupplyDesc', 'Sub-supply type 8 (Others) needs a description of the reason.');

  // --- Parties and places ---
  // An unregistered supplier ("URP") is possible only on an inward movement; an unregistered or foreign recipient
  // only on an outward one (the other side is the one generating, and is registered).
  // An import's supplier is abroad: fromGstin URP and fromStateCode 99, the goods leaving from the port of import.
  const fromGstin = isImport ? 'URP' : gstin('fromGstin', transport.from.gstin ?? document.supplierGstin, supplyType === 'I');
  const toGstin = isExport ? 'URP' : gstin('toGstin', transport.to.gstin ?? document.counterpartyGstin, supplyType === 'O');
  const fromStateCode = isImport
    ? EWB_OTHER_COUNTRY_STATE
    : state('fromStateCode', transport.from.stateCode ?? document.supplierState ?? stateOfGstin(fromGstin));
  // Bill to: the place of supply. An export goes to "other country" (99) whatever the port.
  const toStateCode = isExport
    ? EWB_OTHER_COUNTRY_STATE
    : state('toStateCode', transport.to.stateCode ?? document.placeOfSupply ?? document.counterpartyState ?? stateOfGstin(toGstin));
  const dispatch: EwaybillAddress = transport.dispatchFrom ?? transport.from;
  const ship: EwaybillAddress = transport.shipTo ?? transport.to;
  if (isImport && isBlank(dispatch.stateCode))
    format(
      'actFromStateCode',
      "An import moves the goods from the port of import: give the port's address (dispatch-from) with its State.",
    );
  const actFromStateCode = isImport
    ? isBlank(dispatch.stateCode)
      ? 0
      : state('actFromStateCode', dispatch.stateCode)
    : transport.dispatchFrom
      ? state('actFromStateCode', dispatch.stateCode)
      : fromStateCode;
  // An export's goods go to the port or place of exit in India: its State is actToStateCode.
  if (isExport && isBlank(ship.stateCode))
    format('actToStateCode', "An export moves the goods to the port of exit: give the port's address (ship-to) with its State.");
  const actToStateCode = isExport
    ? isBlank(ship.stateCode)
      ? 0
      : state('actToStateCode', ship.stateCode)
    : transport.shipTo
      ? state('actToStateCode', ship.stateCode)
      : toStateCode;
  const fromPincode = pincode('fromPincode', dispatch.pincode);
  const toPincode = pincode('toPincode', ship.pincode);
  const transactionType: EwbTransactionType = transport.dispatchFrom ? (transport.shipTo ? 4 : 3) : transport.shipTo ? 2 : 1;

  // --- Items (goods only) and values, in paise ---
  const isIntraState = !isExport && !isImport && document.isSez !== true && document.igstOnIntra !== true && fromStateCode === toStateCode;
  const goods = document.items.map((item, i) => ({ item, i })).filter(({ item }) => !isServiceItem(item));
  if (document.items.length > 0 && goods.length === 0)
    add('NO_GOODS', 'itemList', 'The document is of services only: an e-way bill is for the movement of goods (Rule 138(1)).');
  if (document.items.length === 0) format('itemList', 'A document needs at least one item.');
  let totalValue = 0;
  let cgstValue = 0;
  let sgstValue = 0;
  let igstValue = 0;
  let cessValue = 0;
  let cessNonAdvolValue = 0;
  const itemList: EwaybillItemJson[] = goods.map(({ item, i }, n) => {
    const at = `itemList[${n}]`;
    const extra = transport.items?.[i] ?? {};
    const qtyMilli =
      item.quantity !== null && item.quantity !== undefined && Number.isFinite(item.quantity) ? quantityToMilli(item.quantity) : 0;
    const cess = item.cess ?? 0;
    // The per-unit part of the cess is its non-ad valorem amount (capped at the cess charged); the rest ad valorem.
    const perUnit = item.cessPerUnit ?? 0;
    const nonAdvol =
      perUnit > 0 && qtyMilli > 0 && Number.isSafeInteger(perUnit)
        ? Math.min(Math.max(cess, 0), mulDivRoundHalfAway(perUnit, qtyMilli, 1000))
        : 0;
    totalValue += item.taxable;
    cgstValue += item.cgst ?? 0;
    sgstValue += item.sgst ?? 0;
    igstValue += item.igst ?? 0;
    cessValue += cess - nonAdvol;
    cessNonAdvolValue += nonAdvol;
    for (const [name, v] of [
      ['taxableAmount', item.taxable],
      ['cgst', item.cgst ?? 0],
      ['sgst', item.sgst ?? 0],
      ['igst', item.igst ?? 0],
      ['cess', cess],
    ] as const)
      if (!Number.isSafeInteger(v)) format(`${at}.${name}`, `Item ${i + 1}: ${name} must be a whole number of paise.`);
      else if (v < 0) add('NEGATIVE_AMOUNT', `${at}.${name}`, `Item ${i + 1}: ${name} may not be negative (${rupeeText(v)}).`);
    const rate = Math.round(item.ratePercent * 1000) / 1000;
    const charged = (item.igst ?? 0) + (item.cgst ?? 0) + (item.sgst ?? 0) !== 0 || rate === 0;
    const headsIntra = isIntraState && (item.igst ?? 0) === 0;
    const unit = (item.uqc ?? '').trim().toUpperCase();
    if (unit !== '' && !isUqc(unit)) format(`${at}.qtyUnit`, `Item ${i + 1}: "${unit}" is not a unit quantity code (UQC) of the GST list.`);
    return {
      ...optional('productName', text(`${at}.productName`, extra.productName, 100)),
      ...optional('productDesc', text(`${at}.productDesc`, extra.productDesc, 100)),
      hsnCode: hsn(`${at}.hsnCode`, item.hsn),
      ...optional('quantity', qtyMilli > 0 ? qtyMilli / 1000 : undefined),
      ...optional('qtyUnit', unit === '' ? undefined : unit),
      // A supply without tax (export or SEZ under LUT) carries no rate; halves of the rate for CGST and SGST.
      cgstRate: charged && headsIntra ? rate / 2 : 0,
      sgstRate: charged && headsIntra ? rate / 2 : 0,
      igstRate: charged && !headsIntra ? rate : 0,
      cessRate: item.cessPercent ?? 0,
      cessNonadvol: perUnit > 0 && Number.isSafeInteger(perUnit) ? paiseToRupees(perUnit) : 0,
      taxableAmount: rupeesOf(item.taxable),
    };
  });

  const services = document.items.filter(isServiceItem);
  const serviceValue = services.reduce((a, s) => a + s.taxable + (s.igst ?? 0) + (s.cgst ?? 0) + (s.sgst ?? 0) + (s.cess ?? 0), 0);
  const otherValue = serviceValue + (document.otherCharges ?? 0) + (document.roundOff ?? 0);
  const parts = totalValue + cgstValue + sgstValue + igstValue + cessValue + cessNonAdvolValue + otherValue;
  const totInvValue = document.totalValue ?? parts;
  const tolerance = transport.tolerancePaise ?? 0;
  if (Math.abs(totInvValue - parts) > tolerance)
    add(
      'TOTAL_VALUE_MISMATCH',
      'totInvValue',
      `The document value ${rupeeText(totInvValue)} is not the goods' value, taxes and other value ${rupeeText(parts)} (totInvValue = totalValue + taxes + cess + otherValue).`,
    );
  if (isIntraState && igstValue !== 0)
    format(
      'igstValue',
      `IGST of ${rupeeText(igstValue)} on a movement billed within the State ${pad(fromStateCode)}; charge CGST and SGST.`,
    );
  if (!isIntraState && cgstValue + sgstValue !== 0)
    format('cgstValue', `CGST and SGST of ${rupeeText(cgstValue + sgstValue)} on an inter-State supply; charge IGST.`);

  // --- Part B and distance ---
  const distance = checkEwaybillDistance({
    enteredKm: transport.distanceKm,
    pinToPinKm: transport.pinToPinKm ?? null,
    samePin: fromPincode !== 0 && fromPincode === toPincode,
  });
  if (!distance.ok)
    add(
      'DISTANCE',
      'transDistance',
      distance.reason === 'notADistance'
        ? `The distance must be a whole number of km, not ${transport.distanceKm}.`
        : distance.reason === 'samePin'
          ? `The dispatch and delivery PIN codes are the same: at most ${distance.maxKm} km, not ${transport.distanceKm}.`
          : distance.reason === 'overMaximum'
            ? `At most ${distance.maxKm} km, not ${transport.distanceKm}.`
            : `At most ${distance.maxKm} km (10% over the PIN-to-PIN distance of ${transport.pinToPinKm ?? 0} km), not ${transport.distanceKm}.`,
    );

  const mode = transport.mode ?? undefined;
  const vehicle = isBlank(transport.vehicleNumber) ? undefined : normalizeVehicleNumber(transport.vehicleNumber);
  const transDocNo = isBlank(transport.transportDocumentNumber) ? undefined : transport.transportDocumentNumber.trim();
  const transDocDate = isBlank(transport.transportDocumentDate) ? undefined : date('transDocDate', transport.transportDocumentDate);
  const trId = transporterId(transport.transporterId);
  // The mode alone is not Part B: a transporter assigned to fill it may be told the mode in advance.
  const hasPartB = vehicle !== undefined || transDocNo !== undefined;
  if (!hasPartB) {
    // Part B may wait when a transporter is assigned (it fills it), or when the goods first go at most 50 km within
    // the State from the consignor's place of business to the transporter's, for onward transport (Rule 138(3)
    // proviso): the e-way bill's own distance and destination may be beyond.
    const hop = transport.toTransporter;
    const hopState = hop ? stateFromCode(hop.stateCode ?? '')?.code : undefined;
    const isExemptHop =
      hop !== null &&
      hop !== undefined &&
      Number.isFinite(hop.distanceKm) &&
      hop.distanceKm >= 0 &&
      hop.distanceKm <= EWB_PART_B_EXEMPT_KM &&
      (hop.stateCode === null || hop.stateCode === undefined || Number(hopState) === actFromStateCode);
    if (hop && !isExemptHop)
      add(
        'PART_B_REQUIRED',
        'transMode',
        `Part B may be left empty only for the first ${EWB_PART_B_EXEMPT_KM} km within the State to the transporter's place (Rule 138(3) proviso); this leg is ${hop.distanceKm} km${hopState !== undefined && Number(hopState) !== actFromStateCode ? ' into another State' : ''}.`,
      );
    else if (trId === undefined && !isExemptHop)
      add(
        'PART_B_REQUIRED',
        'transMode',
        `Part B (mode and vehicle or transport document) is required: assign a transporter to fill it, or send the goods first to the transporter's place within ${EWB_PART_B_EXEMPT_KM} km in the State (Rule 138(3) proviso).`,
      );
  } else {
    if (mode === undefined)
      format('transMode', 'A vehicle or transport document needs the mode of transport (1 road, 2 rail, 3 air, 4 ship).');
    if (mode === '1' && vehicle === undefined && trId === undefined)
      add('VEHICLE_REQUIRED', 'vehicleNo', 'By road, Part B needs the vehicle number (or a transporter assigned to enter it).');
    if ((mode === '2' || mode === '3' || mode === '4') && (transDocNo === undefined || transDocDate === undefined))
      add(
        'TRANSPORT_DOCUMENT_REQUIRED',
        transDocNo === undefined ? 'transDocNo' : 'transDocDate',
        `By ${mode === '2' ? 'rail' : mode === '3' ? 'air' : 'ship'}, Part B needs the transport document's number and date (railway receipt, airway bill or bill of lading).`,
      );
  }
  if (vehicle !== undefined && !isEwaybillVehicleNumber(vehicle))
    add(
      'VEHICLE_NUMBER_FORMAT',
      'vehicleNo',
      `"${vehicle}" is not a vehicle number the portal takes (e.g. KA12AB1234, KA121234, ABC1234; DF… defence, TM… temporary registration).`,
    );
  if (transDocNo !== undefined && !EWB_TRANS_DOC_NO.test(transDocNo))
    format('transDocNo', `The transport document number must be 1 to 15 letters, digits, / or -, not "${transDocNo}".`);
  if (transDocDate !== undefined && transDocDate.length === 10 && (transport.transportDocumentDate ?? '') < document.documentDate)
    format('transDocDate', `The transport document date ${transDocDate} is before the document date ${docDate}.`);

  const json: EwaybillJson = {
    supplyType,
    subSupplyType: subSupplyType ?? '1',
    ...optional('subSupplyDesc', subSupplyDesc),
    docType: docType ?? 'OTH',
    docNo,
    docDate,
    fromGstin,
    ...optional('fromTrdName', text('fromTrdName', transport.from.tradeName, 100)),
    ...optional('fromAddr1', text('fromAddr1', dispatch.address1, 120)),
    ...optional('fromAddr2', text('fromAddr2', dispatch.address2, 120)),
    ...optional('fromPlace', text('fromPlace', dispatch.place, 50)),
    fromPincode,
    fromStateCode,
    actFromStateCode,
    toGstin,
    ...optional('toTrdName', text('toTrdName', transport.to.tradeName, 100)),
    ...optional('toAddr1', text('toAddr1', ship.address1, 120)),
    ...optional('toAddr2', text('toAddr2', ship.address2, 120)),
    ...optional('toPlace', text('toPlace', ship.place, 50)),
    toPincode,
    toStateCode,
    actToStateCode,
    transactionType,
    otherValue: rupeesOf(otherValue),
    totalValue: rupeesOf(totalValue),
    cgstValue: rupeesOf(cgstValue),
    sgstValue: rupeesOf(sgstValue),
    igstValue: rupeesOf(igstValue),
    cessValue: rupeesOf(cessValue),
    cessNonAdvolValue: rupeesOf(cessNonAdvolValue),
    totInvValue: rupeesOf(totInvValue),
    ...optional('transporterId', trId),
    ...optional('transporterName', text('transporterName', transport.transporterName, 100)),
    ...optional('transDocNo', transDocNo),
    ...optional('transMode', mode),
    transDistance: String(Number.isInteger(transport.distanceKm) && transport.distanceKm >= 0 ? transport.distanceKm : 0),
    ...optional('transDocDate', transDocDate),
    ...optional('vehicleNo', vehicle),
    ...optional('vehicleType', vehicle !== undefined ? (transport.vehicleType ?? 'R') : (transport.vehicleType ?? undefined)),
    itemList,
  };
  return { json, problems };
}

/** Rupees with 2 decimals of whole paise; 0 for what is not a safe integer (reported by the caller). */
const rupeesOf = (paise: number): number => (Number.isSafeInteger(paise) ? paiseToRupees(paise) : 0);
const stateOfGstin = (g: string): string | null => (/^[0-9]{2}/.test(g) ? g.slice(0, 2) : null);
const pad = (n: number): string => String(n).padStart(2, '0');
