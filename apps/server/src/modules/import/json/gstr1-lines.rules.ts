// The documents of a GSTR-1 JSON as item lines keyed by our sales columns.
//
// What the format does not carry stays blank: HSN, description, UQC and quantity (items are per rate), the customer's
// name. Sections that are not documents of this return are not lines: B2CS, advances, nil, HSN and document summaries
// (a summaries import), and the amendment sections (b2ba, b2cla, expa, cdnra, cdnura), which change documents of an
// earlier return.
import { list, object, text, type Json } from './official-json.rules';

/** An item line: its values by our column keys, and the JSON path of the item in the file. */
export type Line = { path: string; values: Record<string, string> };

/** b2b and cdnr inv_typ to our supply type (CBW, a bond with a customs warehouse, is a regular B2B supply). */
const SUPPLY_OF_INVOICE_TYPE: Record<string, string> = { R: 'B2B', DE: 'DEXP', SEWP: 'SEZWP', SEWOP: 'SEZWOP', CBW: 'B2B' };
const NOTE_TYPES: Record<string, string> = { C: 'CRN', D: 'DBN' };

type Header = Record<string, string>;

/** The documents of the file in the order of its sections, each with its items (b2b and notes nest them in itm_det). */
function* documentsOf(file: Json): Generator<{ path: string; header: Header; items: Json[] }> {
  const nested = (itms: unknown): Json[] => list(itms).map((i) => object(i.itm_det));
  const supplyOf = (invoiceType: unknown) => SUPPLY_OF_INVOICE_TYPE[text(invoiceType)] ?? text(invoiceType);
  for (const [p, party] of list(file.b2b).entries()) {
    for (const [i, inv] of list(party.inv).entries()) {
      yield {
        path: `b2b[${p}].inv[${i}]`,
        header: {
          documentType: 'INV',
          documentNumber: text(inv.inum),
          documentDate: text(inv.idt),
          counterpartyGstin: text(party.ctin),
          placeOfSupply: text(inv.pos),
          supplyType: supplyOf(inv.inv_typ),
          reverseCharge: text(inv.rchrg),
        },
        items: nested(inv.itms),
      };
    }
  }
  for (const [p, place] of list(file.b2cl).entries()) {
    for (const [i, inv] of list(place.inv).entries()) {
      yield {
        path: `b2cl[${p}].inv[${i}]`,
        header: {
          documentType: 'INV',
          documentNumber: text(inv.inum),
          documentDate: text(inv.idt),
          placeOfSupply: text(place.pos),
          supplyType: 'B2C',
        },
        items: nested(inv.itms),
      };
    }
  }
  for (const [g, group] of list(file.exp).entries()) {
    const type = text(group.exp_typ);
    const supplyType = type === 'WPAY' ? 'EXPWP' : type === 'WOPAY' ? 'EXPWOP' : type;
    // An export's place of supply is outside India: 96, "other country".
    for (const [i, inv] of list(group.inv).entries())
      yield {
        path: `exp[${g}].inv[${i}]`,
        header: { documentType: 'INV', documentNumber: text(inv.inum), documentDate: text(inv.idt), placeOfSupply: '96', supplyType },
        items: list(inv.itms),
      };
  }
  for (const [p, party] of list(file.cdnr).entries()) {
    for (const [n, nt] of list(party.nt).entries()) {
      yield {
        path: `cdnr[${p}].nt[${n}]`,
        header: {
          documentType: NOTE_TYPES[text(nt.ntty)] ?? text(nt.ntty),
          documentNumber: text(nt.nt_num),
          documentDate: text(nt.nt_dt),
          counterpartyGstin: text(party.ctin),
          placeOfSupply: text(nt.pos),
          supplyType: supplyOf(nt.inv_typ),
          reverseCharge: text(nt.rchrg),
        },
        items: nested(nt.itms),
      };
    }
  }
  for (const [n, nt] of list(file.cdnur).entries()) {
    const typ = text(nt.typ);
    yield {
      path: `cdnur[${n}]`,
      header: {
        documentType: NOTE_TYPES[text(nt.ntty)] ?? text(nt.ntty),
        documentNumber: text(nt.nt_num),
        documentDate: text(nt.nt_dt),
        placeOfSupply: typ === 'B2CL' ? text(nt.pos) : '96',
        supplyType: typ === 'B2CL' ? 'B2C' : typ,
      },
      items: nested(nt.itms),
    };
  }
}

/** One line per item; a document without items is still a line, so validation reports it instead of the file losing it. */
export function* gstr1Lines(file: Json): Generator<Line> {
  const locationGstin = text(file.gstin);
  for (const { path, header, items } of documentsOf(file)) {
    if (items.length === 0) yield { path, values: { locationGstin, ...header } };
    for (const [index, item] of items.entries()) {
      yield {
        path: `${path}.itms[${index}]`,
        values: {
          locationGstin,
          ...header,
          taxable: text(item.txval),
          rate: text(item.rt),
          igst: text(item.iamt),
          cgst: text(item.camt),
          sgst: text(item.samt),
          cess: text(item.csamt),
        },
      };
    }
  }
}
