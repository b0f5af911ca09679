// buildEinvoice: a document → the IRP's generate-IRN request body, e-invoice schema INV-01 v1.1 (Rule 48(4) CGST Rules;
// Notification 13/2020-CT as amended, in force from 01-10-2020; the schema in ./schema; the IRP's error codes as
// listed in GST-RULES-DETAIL §3). Pure and total: it never throws. It returns the JSON and the problems the IRP would
// reject it for, so the caller can refuse to send (or show) a document before the portal does.
//
//   const { json, problems } = buildEinvoice(document, seller, { buyer, dispatchFrom, shipTo, export, ewaybill });
//   if (problems.length === 0) send(json);
//
// - `json` is always built, even with problems: the screen can show it beside them.
// - When `problems` is empty, `json` is valid against the official schema (repaired only where the as-published file
//   is broken, see schema/README.md) and its totals reconcile as the IRP checks them.
// - Each problem names the IRP's error code where the IRP has one (2172, 2182, 2189, 2193) and the JSON field.
// - Amounts in the document and the options are integer paise; the JSON carries rupees with 2 decimals.
import type { EinvoiceSupplyType } from '../codes/supply-types';
import { isUqc } from '../codes/uqc';
import type { DocumentInput } from '../documents/document-input';
import { isPlaceOfSupplyCode } from '../identity/states';
import type {
  EinvoiceBuyerDtls,
  EinvoiceDispDtls,
  EinvoiceExpDtls,
  EinvoiceItem,
  EinvoiceJson,
  EinvoiceSellerDtls,
  EinvoiceShipDtls,
  EinvoiceValDtls,
} from './einvoice-json';
import {
  countryCode,
  currency,
  DOC_NO,
  ewaybillDetails,
  fieldChecks,
  HSN,
  isBlank,
  mulDivWithin,
  optional,
  portCode,
  PREC_DOC_NO,
  rupees,
  rupeeText,
  sum,
  UNIT,
} from './einvoice-fields';
import {
  EINVOICE_MAX_ITEMS,
  EINVOICE_VALUE_TOLERANCE_PAISE,
  EXPORT_BUYER,
  type EinvoiceBuildResult,
  type EinvoiceOptions,
  type EinvoiceParty,
  type EinvoiceProblem,
} from './einvoice-input';
import type { EinvoiceDocumentType } from './irn';

/** Builds the INV-01 JSON of `document` for `seller`; see the file header for the contract. Never throws. */
export function buildEinvoice(document: DocumentInput, seller: EinvoiceParty, options: EinvoiceOptions): EinvoiceBuildResult {
  const problems: EinvoiceProblem[] = [];
  const { add, format, text, date, pin, state, gstin, phone, email, quantityMilli, amount } = fieldChecks(
    problems,
    options.sandbox === true,
  );

  // --- TranDtls and DocDtls ---
  const supplyType = options.supplyType ?? supplyTypeOf(document);
  const isExport = supplyType === 'EXPWP' || supplyType === 'EXPWOP';
  // IGST Act s.7(5)(a), (b): exports and supplies to an SEZ are inter-State whatever the places.
  const isAlwaysInterState = isExport || supplyType === 'SEZWP' || supplyType === 'SEZWOP';
  const typ = (document.documentType ?? '').trim().toUpperCase();
  if (!isEinvoiceDocumentType(typ))
    add(
      'NOT_AN_EINVOICE_DOCUMENT',
      'DocDtls.Typ',
      `Only invoices (INV), credit notes (CRN) and debit notes (DBN) are e-invoiced, not "${typ}".`,
    );
  const docNo = (document.documentNumber ?? '').trim();
  if (!DOC_NO.test(docNo))
    format(
      'DocDtls.No',
      `Document number "${docNo}" must be 1 to 16 letters, digits, / or -, not starting with 0, / or - (Rule 46(b); NIC schema).`,
    );

  const tranDtls: EinvoiceJson['TranDtls'] = {
    TaxSch: 'GST',
    SupTyp: supplyType,
    RegRev: document.isReverseCharge === true ? 'Y' : 'N',
    IgstOnIntra: document.igstOnIntra === true ? 'Y' : 'N',
  };
  if (!isBlank(options.ecommerceGstin)) tranDtls.EcmGstin = gstin('TranDtls.EcmGstin', options.ecommerceGstin, false);

  // --- Parties ---
  const sellerGstin = gstin('SellerDtls.Gstin', seller.gstin ?? document.supplierGstin, false);
  const sellerDtls: EinvoiceSellerDtls = {
    Gstin: sellerGstin,
    LglNm: text('SellerDtls.LglNm', seller.legalName, 3, 100, true) ?? '',
    ...optional('TrdNm', text('SellerDtls.TrdNm', seller.tradeName, 3, 100)),
    Addr1: text('SellerDtls.Addr1', seller.address1, 1, 100, true) ?? '',
    ...optional('Addr2', text('SellerDtls.Addr2', seller.address2, 3, 100)),
    Loc: text('SellerDtls.Loc', seller.location, 3, 50, true) ?? '',
    Pin: pin('SellerDtls.Pin', seller.pin, true) ?? 0,
    Stcd: state('SellerDtls.Stcd', seller.stateCode ?? document.supplierState ?? sellerGstin.slice(0, 2)),
    ...optional('Ph', phone('SellerDtls.Ph', seller.phone)),
    ...optional('Em', email('SellerDtls.Em', seller.email)),
  };

  const buyer = options.buyer;
  // "URP" (unregistered person) is for exports only: supplies to unregistered persons (B2C) are not e-invoiced.
  const givenBuyerGstin = (buyer.gstin ?? document.counterpartyGstin ?? '').trim().toUpperCase();
  if (!isExport && (givenBuyerGstin === 'URP' || givenBuyerGstin === ''))
    format(
      'BuyerDtls.Gstin',
      `A ${supplyType} e-invoice needs the buyer's GSTIN; "URP" is for exports (supplies to unregistered persons are not e-invoiced).`,
    );
  const buyerGstin = isExport
    ? EXPORT_BUYER.gstin
    : givenBuyerGstin === 'URP' || givenBuyerGstin === ''
      ? givenBuyerGstin
      : gstin('BuyerDtls.Gstin', givenBuyerGstin, false);
  const buyerState = isExport
    ? EXPORT_BUYER.stateCode
    : state('BuyerDtls.Stcd', buyer.stateCode ?? document.counterpartyState ?? buyerGstin.slice(0, 2));
  const buyerDtls: EinvoiceBuyerDtls = {
    Gstin: buyerGstin,
    LglNm: text('BuyerDtls.LglNm', buyer.legalName, 3, 100, true) ?? '',
    ...optional('TrdNm', text('BuyerDtls.TrdNm', buyer.tradeName, 3, 100)),
    Pos: isExport ? EXPORT_BUYER.stateCode : state('BuyerDtls.Pos', document.placeOfSupply ?? buyerState),
    Addr1: text('BuyerDtls.Addr1', buyer.address1, 1, 100, true) ?? '',
    ...optional('Addr2', text('BuyerDtls.Addr2', buyer.address2, 3, 100)),
    Loc: text('BuyerDtls.Loc', buyer.location, 3, 100, true) ?? '',
    ...optional('Pin', isExport ? EXPORT_BUYER.pin : pin('BuyerDtls.Pin', buyer.pin, true)),
    Stcd: buyerState,
    ...optional('Ph', phone('BuyerDtls.Ph', buyer.phone)),
    ...optional('Em', email('BuyerDtls.Em', buyer.email)),
  };

  // --- Items ---
  const isIntraState = !isAlwaysInterState && sellerDtls.Stcd === buyerDtls.Pos;
  // Which taxes apply is judged only when both places are known codes (a wrong code is reported on its own).
  const arePlacesKnown = isPlaceOfSupplyCode(sellerDtls.Stcd) && isPlaceOfSupplyCode(buyerDtls.Pos);
  if (document.items.length === 0) format('ItemList', 'A document needs at least one item.');
  if (document.items.length > EINVOICE_MAX_ITEMS)
    format('ItemList', `At most ${EINVOICE_MAX_ITEMS} items per e-invoice (it has ${document.items.length}).`);
  const itemList: EinvoiceItem[] = [];
  let igstTotal = 0;
  let cgstTotal = 0;
  let sgstTotal = 0;
  let cessTotal = 0;
  let stateCessTotal = 0;
  let itemOtherCharges = 0;
  document.items.forEach((item, i) => {
    const at = `ItemList[${i}]`;
    const extra = options.items?.[i] ?? {};
    const taxable = item.taxable;
    const discount = extra.discount ?? 0;
    const gross = extra.grossAmount ?? taxable + discount;
    // 2193: AssAmt = TotAmt − Discount.
    if (gross - discount !== taxable)
      add(
        'ITEM_ASSESSABLE_MISMATCH',
        `${at}.AssAmt`,
        `Item ${i + 1}: the taxable value ${rupeeText(taxable)} is not the gross amount ${rupeeText(gross)} less the discount ${rupeeText(discount)}.`,
        '2193',
      );
    const qtyMilli = quantityMilli(`${at}.Qty`, item.quantity);
    if (extra.unitPrice !== null && extra.unitPrice !== undefined && !Number.isFinite(extra.unitPrice))
      format(`${at}.UnitPrice`, `Item ${i + 1}: the unit price must be a number of paise.`);
    const unitPriceMilliRupees =
      extra.unitPrice !== null && extra.unitPrice !== undefined && Number.isFinite(extra.unitPrice)
        ? Math.round(extra.unitPrice * 10)
        : qtyMilli > 0 && Number.isSafeInteger(gross)
          ? mulDivWithin(gross, 10_000, qtyMilli)
          : gross * 10;
    // UnitPrice: at most 999,999,999,999.999 rupees.
    if (!(Math.abs(unitPriceMilliRupees) <= 999_999_999_999_999))
      format(`${at}.UnitPrice`, `Item ${i + 1}: the unit price is beyond what the schema takes (₹999999999999.999).`);
    const igst = item.igst ?? 0;
    const cgst = item.cgst ?? 0;
    const sgst = item.sgst ?? 0;
    const cess = item.cess ?? 0;
    const cessNonAdvl =
      item.cessPerUnit !== null && item.cessPerUnit !== undefined && Number.isFinite(item.cessPerUnit) && qtyMilli > 0
        ? Math.min(Math.max(cess, 0), mulDivWithin(Math.round(item.cessPerUnit), qtyMilli, 1000))
        : 0;
    const stateCes = extra.stateCess ?? 0;
    const stateCesNonAdvl = extra.stateCessNonAdvalorem ?? 0;
    const othChrg = extra.otherCharges ?? 0;
    const totItemVal = taxable + igst + cgst + sgst + cess + stateCes + stateCesNonAdvl + othChrg;
    igstTotal += igst;
    cgstTotal += cgst;
    sgstTotal += sgst;
    cessTotal += cess;
    stateCessTotal += stateCes + stateCesNonAdvl;
    itemOtherCharges += othChrg;

    const hsn = (item.hsn ?? '').trim();
    if (!HSN.test(hsn)) format(`${at}.HsnCd`, `Item ${i + 1}: the HSN or SAC code must be 4, 6 or 8 digits, not "${hsn}".`);
    const unit = (item.uqc ?? '').trim().toUpperCase();
    if (unit !== '' && (!UNIT.test(unit) || !isUqc(unit)))
      format(`${at}.Unit`, `Item ${i + 1}: "${unit}" is not a unit quantity code (UQC) of the GST list.`);
    const ratePercent = Math.round(item.ratePercent * 1000) / 1000;
    if (!(ratePercent >= 0 && ratePercent <= 999.999)) format(`${at}.GstRt`, `Item ${i + 1}: the GST rate must be 0 to 999.999 percent.`);
    const isService = item.isService ?? hsn.startsWith('99');
    const out: EinvoiceItem = {
      SlNo: String(i + 1),
      ...optional('PrdDesc', text(`${at}.PrdDesc`, extra.description, 3, 300)),
      IsServc: isService ? 'Y' : 'N',
      HsnCd: hsn,
      ...optional('Barcde', text(`${at}.Barcde`, extra.barcode, 3, 30)),
      ...optional('Qty', qtyMilli !== 0 ? qtyMilli / 1000 : undefined),
      ...optional(
        'FreeQty',
        extra.freeQuantity === null || extra.freeQuantity === undefined
          ? undefined
          : quantityMilli(`${at}.FreeQty`, extra.freeQuantity) / 1000,
      ),
      ...optional('Unit', unit === '' ? undefined : unit),
      UnitPrice: Number.isFinite(unitPriceMilliRupees) ? unitPriceMilliRupees / 1000 : 0,
      TotAmt: amount(`${at}.TotAmt`, gross),
      ...optional('Discount', discount !== 0 ? amount(`${at}.Discount`, discount) : undefined),
      AssAmt: amount(`${at}.AssAmt`, taxable),
      GstRt: ratePercent,
      IgstAmt: amount(`${at}.IgstAmt`, igst),
      CgstAmt: amount(`${at}.CgstAmt`, cgst),
      SgstAmt: amount(`${at}.SgstAmt`, sgst),
      ...optional('CesRt', item.cessPercent ?? undefined),
      ...optional('CesAmt', cess !== 0 ? amount(`${at}.CesAmt`, cess - cessNonAdvl) : undefined),
      ...optional('CesNonAdvlAmt', cessNonAdvl !== 0 ? amount(`${at}.CesNonAdvlAmt`, cessNonAdvl) : undefined),
      ...optional('StateCesRt', extra.stateCessPercent ?? undefined),
      ...optional('StateCesAmt', stateCes !== 0 ? amount(`${at}.StateCesAmt`, stateCes) : undefined),
      ...optional('StateCesNonAdvlAmt', stateCesNonAdvl !== 0 ? amount(`${at}.StateCesNonAdvlAmt`, stateCesNonAdvl) : undefined),
      ...optional('OthChrg', othChrg !== 0 ? amount(`${at}.OthChrg`, othChrg) : undefined),
      TotItemVal: amount(`${at}.TotItemVal`, totItemVal),
      ...optional('OrgCntry', countryCode(`${at}.OrgCntry`, extra.originCountry, format)),
    };
    if (out.UnitPrice < 0) add('NEGATIVE_AMOUNT', `${at}.UnitPrice`, `Item ${i + 1}: the unit price may not be negative.`);
    itemList.push(out);
  });

  // 2172: IGST on an intra-State supply is refused unless IgstOnIntra is Y (IGST Act s.7(5)(c), e.g. supplies to
  // tourists or in a custom bonded warehouse); CGST and SGST belong to intra-State supplies only (IGST Act s.7, s.8).
  if (arePlacesKnown && isIntraState && igstTotal !== 0 && document.igstOnIntra !== true)
    add(
      'IGST_ON_INTRA_STATE',
      'ValDtls.IgstVal',
      `IGST of ${rupeeText(igstTotal)} on an intra-State supply (seller and place of supply both ${sellerDtls.Stcd}); charge CGST and SGST, or mark the supply as IGST on intra-State.`,
      '2172',
    );
  if (arePlacesKnown && (!isIntraState || document.igstOnIntra === true) && cgstTotal + sgstTotal !== 0)
    add(
      'CGST_SGST_ON_INTER_STATE',
      'ValDtls.CgstVal',
      `CGST and SGST of ${rupeeText(cgstTotal + sgstTotal)} on a supply charged to IGST (inter-State${isAlwaysInterState ? `: ${supplyType}` : ''} or IGST on intra-State).`,
    );

  // IGST Act s.16(3)(a), Rule 96A: an export or SEZ supply without payment goes under bond or LUT, free of tax.
  if ((supplyType === 'EXPWOP' || supplyType === 'SEZWOP') && igstTotal + cgstTotal + sgstTotal + cessTotal !== 0)
    add(
      'TAX_ON_SUPPLY_WITHOUT_PAYMENT',
      'ValDtls.IgstVal',
      `${supplyType}: a supply under bond or LUT is made without payment of tax, but this one carries ${rupeeText(igstTotal + cgstTotal + sgstTotal + cessTotal)} of tax; use ${supplyType === 'EXPWOP' ? 'EXPWP' : 'SEZWP'} to pay IGST.`,
    );

  // --- Totals ---
  const itemAssessable = sum(document.items.map((it) => it.taxable));
  const assVal = options.assessableTotal ?? itemAssessable;
  if (assVal !== itemAssessable)
    add(
      'ASSESSABLE_TOTAL_MISMATCH',
      'ValDtls.AssVal',
      `The total assessable value ${rupeeText(assVal)} is not the sum of the items' taxable values ${rupeeText(itemAssessable)}.`,
      '2182',
    );
  const invoiceDiscount = options.discount ?? 0;
  // ValDtls.OthChrg carries the items' other charges with the document's, so that the invoice value reconciles
  // whether it is counted from the items' values (TotItemVal) or from ValDtls' members.
  const otherCharges = (document.otherCharges ?? 0) + itemOtherCharges;
  const roundOff = document.roundOff ?? 0;
  if (!Number.isSafeInteger(roundOff) || Math.abs(roundOff) > 9999)
    format('ValDtls.RndOffAmt', `The round-off ${rupeeText(roundOff)} must be within ±₹99.99.`);
  // 2189: the invoice value is the assessable value, taxes and cess, plus other charges, less the invoice discount,
  // plus the round-off (NIC API, ValDtls); the IRP accepts it within ±₹1.
  const parts = assVal + igstTotal + cgstTotal + sgstTotal + cessTotal + stateCessTotal + otherCharges - invoiceDiscount + roundOff;
  const totInvVal = document.totalValue ?? parts;
  const tolerance = options.tolerancePaise ?? EINVOICE_VALUE_TOLERANCE_PAISE;
  if (Math.abs(totInvVal - parts) > tolerance)
    add(
      'INVOICE_VALUE_MISMATCH',
      'ValDtls.TotInvVal',
      `The invoice value ${rupeeText(totInvVal)} differs from the sum of its parts ${rupeeText(parts)} by more than ${rupeeText(tolerance)}.`,
      '2189',
    );
  const valDtls: EinvoiceValDtls = {
    AssVal: amount('ValDtls.AssVal', assVal),
    CgstVal: amount('ValDtls.CgstVal', cgstTotal),
    SgstVal: amount('ValDtls.SgstVal', sgstTotal),
    IgstVal: amount('ValDtls.IgstVal', igstTotal),
    CesVal: amount('ValDtls.CesVal', cessTotal),
    StCesVal: amount('ValDtls.StCesVal', stateCessTotal),
    Discount: amount('ValDtls.Discount', invoiceDiscount),
    OthChrg: amount('ValDtls.OthChrg', otherCharges),
    RndOffAmt: rupees(roundOff),
    TotInvVal: amount('ValDtls.TotInvVal', totInvVal),
  };
  const foreignTotal = options.export?.totalInForeignCurrency;
  if (foreignTotal !== null && foreignTotal !== undefined) valDtls.TotInvValFc = amount('ValDtls.TotInvValFc', foreignTotal);

  const json: EinvoiceJson = {
    Version: '1.1',
    TranDtls: tranDtls,
    DocDtls: { Typ: isEinvoiceDocumentType(typ) ? typ : 'INV', No: docNo, Dt: date('DocDtls.Dt', document.documentDate) },
    SellerDtls: sellerDtls,
    BuyerDtls: buyerDtls,
    ItemList: itemList,
    ValDtls: valDtls,
  };

  // --- Dispatch from, ship to ---
  const from = options.dispatchFrom;
  if (from) {
    const disp: EinvoiceDispDtls = {
      Nm: text('DispDtls.Nm', from.name, 3, 100, true) ?? '',
      Addr1: text('DispDtls.Addr1', from.address1, 1, 100, true) ?? '',
      ...optional('Addr2', text('DispDtls.Addr2', from.address2, 3, 100)),
      Loc: text('DispDtls.Loc', from.location, 3, 100, true) ?? '',
      Pin: pin('DispDtls.Pin', from.pin, true) ?? 0,
      Stcd: state('DispDtls.Stcd', from.stateCode),
    };
    json.DispDtls = disp;
  }
  const to = options.shipTo;
  if (to) {
    const ship: EinvoiceShipDtls = {
      ...optional('Gstin', isBlank(to.gstin) ? undefined : gstin('ShipDtls.Gstin', to.gstin, true)),
      LglNm: text('ShipDtls.LglNm', to.legalName, 3, 100, true) ?? '',
      ...optional('TrdNm', text('ShipDtls.TrdNm', to.tradeName, 3, 100)),
      Addr1: text('ShipDtls.Addr1', to.address1, 1, 100, true) ?? '',
      ...optional('Addr2', text('ShipDtls.Addr2', to.address2, 3, 100)),
      Loc: text('ShipDtls.Loc', to.location, 3, 100, true) ?? '',
      Pin: pin('ShipDtls.Pin', to.pin, true) ?? 0,
      Stcd: state('ShipDtls.Stcd', to.stateCode),
    };
    json.ShipDtls = ship;
  }

  // --- Preceding document of a credit or debit note (s.34 CGST Act), remarks ---
  const precNo = (document.originalDocumentNumber ?? '').trim();
  const remarks = text('RefDtls.InvRm', options.remarks, 3, 100);
  if ((typ === 'CRN' || typ === 'DBN') && precNo !== '') {
    if (!PREC_DOC_NO.test(precNo))
      format(
        'RefDtls.PrecDocDtls[0].InvNo',
        `Original document number "${precNo}" must be 2 to 16 letters, digits, / or -, not starting with 0, / or -.`,
      );
    json.RefDtls = {
      ...optional('InvRm', remarks),
      PrecDocDtls: [{ InvNo: precNo, InvDt: date('RefDtls.PrecDocDtls[0].InvDt', document.originalDocumentDate) }],
    };
  } else if (remarks !== undefined) json.RefDtls = { InvRm: remarks };

  // --- Export details ---
  const exp = options.export ?? {};
  const expDtls: EinvoiceExpDtls = {
    ...optional('ShipBNo', text('ExpDtls.ShipBNo', exp.shippingBillNumber ?? document.shippingBillNumber, 1, 20)),
    ...optional('ShipBDt', isBlank(exp.shippingBillDate) ? undefined : date('ExpDtls.ShipBDt', exp.shippingBillDate)),
    ...optional('Port', portCode(exp.portCode ?? document.portCode, format)),
    ...optional<'RefClm', 'Y' | 'N'>(
      'RefClm',
      exp.isRefundClaimed === null || exp.isRefundClaimed === undefined ? undefined : exp.isRefundClaimed ? 'Y' : 'N',
    ),
    ...optional('ForCur', currency(exp.currency ?? document.currency, format)),
    ...optional('CntCode', countryCode('ExpDtls.CntCode', exp.countryCode, format)),
    ...optional('ExpDuty', exp.exportDuty === null || exp.exportDuty === undefined ? undefined : amount('ExpDtls.ExpDuty', exp.exportDuty)),
  };
  if ((isExport || options.export) && Object.keys(expDtls).length > 0) json.ExpDtls = expDtls;

  // --- E-way bill (Part B with the IRN; Rule 138 and the NIC API's EwbDtls) ---
  const ewb = options.ewaybill;
  if (ewb) json.EwbDtls = ewaybillDetails(ewb, text, date, format);

  return { json, problems };
}

/** SupTyp of a document: exports and SEZ supplies by their flags, with or without payment of IGST; B2B otherwise. */
export function supplyTypeOf(document: DocumentInput): EinvoiceSupplyType {
  if (document.exportType === 'WPAY') return 'EXPWP';
  if (document.exportType === 'WOPAY') return 'EXPWOP';
  if (document.isSez === true) {
    const sezType = document.sezType ?? (document.items.some((i) => (i.igst ?? 0) > 0) ? 'WPAY' : 'WOPAY');
    return sezType === 'WPAY' ? 'SEZWP' : 'SEZWOP';
  }
  return 'B2B';
}

export const isEinvoiceDocumentType = (typ: string): typ is EinvoiceDocumentType => typ === 'INV' || typ === 'CRN' || typ === 'DBN';
