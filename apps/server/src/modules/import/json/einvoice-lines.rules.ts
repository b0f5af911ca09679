// E-invoices (INV-01) as item lines keyed by our sales columns: the seller's GSTIN is the location, the buyer the
// customer ("URP", an unregistered buyer, as the template writes it); items carry HSN, description, unit and quantity.
import { type Line } from './gstr1-lines.rules';
import { list, object, text, type Json } from './official-json.rules';

/** Cess on value plus the non-ad-valorem cess, summed in paise; the value as written when there is only one. */
const cessOf = (item: Json): string => {
  const extra = typeof item.CesNonAdvlAmt === 'number' ? item.CesNonAdvlAmt : 0;
  if (extra === 0) return text(item.CesAmt);
  const onValue = typeof item.CesAmt === 'number' ? item.CesAmt : 0;
  return String((Math.round(onValue * 100) + Math.round(extra * 100)) / 100);
};

/** `single`: the file is one invoice object, not an array of them (paths then start at its fields). */
export function* einvoiceLines(invoices: readonly Json[], single: boolean): Generator<Line> {
  for (const [n, invoice] of invoices.entries()) {
    const path = single ? 'ItemList' : `[${n}].ItemList`;
    const transaction = object(invoice.TranDtls);
    const document = object(invoice.DocDtls);
    const buyer = object(invoice.BuyerDtls);
    // A note names the invoice it amends in its preceding-document details.
    const preceding = list(object(invoice.RefDtls).PrecDocDtls)[0] ?? {};
    const header: Record<string, string> = {
      locationGstin: text(object(invoice.SellerDtls).Gstin),
      documentType: text(document.Typ).toUpperCase(),
      documentNumber: text(document.No),
      documentDate: text(document.Dt),
      counterpartyGstin: text(buyer.Gstin),
      counterpartyName: text(buyer.LglNm),
      placeOfSupply: text(buyer.Pos),
      supplyType: text(transaction.SupTyp).toUpperCase(),
      reverseCharge: text(transaction.RegRev),
      originalDocumentNumber: text(preceding.InvNo),
      originalDocumentDate: text(preceding.InvDt),
    };
    const items = list(invoice.ItemList);
    if (items.length === 0) yield { path, values: header };
    for (const [index, item] of items.entries()) {
      yield {
        path: `${path}[${index}]`,
        values: {
          ...header,
          hsn: text(item.HsnCd),
          description: text(item.PrdDesc),
          uqc: text(item.Unit),
          quantity: text(item.Qty),
          taxable: text(item.AssAmt),
          rate: text(item.GstRt),
          igst: text(item.IgstAmt),
          cgst: text(item.CgstAmt),
          sgst: text(item.SgstAmt),
          cess: cessOf(item),
        },
      };
    }
  }
}
