// The printed e-invoice: a tax invoice (or credit or debit note) with the particulars of Rule 46 of the CGST Rules
// (Rule 53 for the notes) and the IRP's IRN, acknowledgement and QR code (Rule 48(4), Notification 72/2019-CT as
// amended: the invoice carries the QR code of the SignedQRCode). pdfkit's standard fonts carry no rupee sign, so
// amounts are in "Rs." with Indian digit grouping, as the challan PDF writes them.
import { formatInr, stateFromCode } from '@opengst/domain';
import PDFDocument from 'pdfkit';
import { qrMatrix, qrPng } from './qr-image';

export type PrintParty = {
  name: string;
  address: string | null;
  gstin: string | null;
  stateCode: string | null;
};

export type PrintItem = {
  description: string | null;
  hsn: string | null;
  /** Thousandths of the unit. */
  quantity: number;
  uqc: string | null;
  /** Milli-percent (18% = 18000). */
  rate: number;
  /** Paise, after discounts (Rule 46(j)). */
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
};

export type PrintedEinvoice = {
  documentType: string;
  documentNumber: string;
  /** YYYY-MM-DD */
  documentDate: string;
  placeOfSupply: string | null;
  isReverseCharge: boolean;
  /** NIC SupTyp: B2B, SEZWP, SEZWOP, EXPWP, EXPWOP, DEXP. */
  supplyType: string;
  /** Exports: the shipping bill and port, when known. */
  shippingBillNumber?: string | null;
  shippingBillDate?: string | null;
  portCode?: string | null;
  /** Paise: the invoice value, as reported to the IRP. */
  documentValue: number;
  supplier: PrintParty;
  recipient: PrintParty;
  items: readonly PrintItem[];
  irn: string;
  ackNo: string;
  ackDate: Date | null;
  signedQrCode: string;
};

const TITLE: Record<string, string> = { INV: 'Tax Invoice', CRN: 'Credit Note', DBN: 'Debit Note' };

/**
 * Rule 46, proviso on exports and supplies to an SEZ: the invoice carries one of these endorsements, as the tax is
 * paid (EXPWP, SEZWP) or the supply goes under bond or letter of undertaking (EXPWOP, SEZWOP).
 */
const ENDORSEMENT: Record<string, string> = {
  EXPWP: 'SUPPLY MEANT FOR EXPORT/SUPPLY TO SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS ON PAYMENT OF INTEGRATED TAX',
  SEZWP: 'SUPPLY MEANT FOR EXPORT/SUPPLY TO SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS ON PAYMENT OF INTEGRATED TAX',
  EXPWOP:
    'SUPPLY MEANT FOR EXPORT/SUPPLY TO SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX',
  SEZWOP:
    'SUPPLY MEANT FOR EXPORT/SUPPLY TO SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX',
};

/**
 * The QR image of the signed QR: level M (15% of the code may be lost to a crease or a smudge and it still reads;
 * the signed QR of about 1,000 characters fits version 23 or so), falling back to L only if M cannot hold the text;
 * 4 pixels a module. Each module is drawn 1/50 inch (0.51 mm) square, so a 150, 200, 300 or 600 dpi printer or
 * rasteriser gives every module the same whole number of dots (3, 4, 6, 12): a module size that is not a whole number
 * of dots (2.5 in for 117 modules: 3.2 dots at 150 dpi) gave uneven modules that a reader (jsqr) then missed.
 */
const MODULE_POINTS = 72 / 50;
const QUIET_MODULES = 4;
const qrImageOf = (text: string): { png: Buffer; points: number } => {
  let matrix: boolean[][];
  try {
    matrix = qrMatrix(text, 'M');
  } catch {
    matrix = qrMatrix(text, 'L');
  }
  return { png: qrPng(matrix, 4), points: (matrix.length + QUIET_MODULES * 2) * MODULE_POINTS };
};

const ddmmyyyy = (iso: string): string => iso.split('-').reverse().join('-');
const IST = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const istText = (at: Date | null): string => (at ? `${IST.format(at).replace(/\//g, '-').replace(',', '')} IST` : '-');
const quantityText = (milli: number): string => (milli / 1000).toLocaleString('en-IN', { maximumFractionDigits: 3 });
const rateText = (milli: number): string => `${(milli / 1000).toLocaleString('en-IN', { maximumFractionDigits: 3 })}%`;
const stateText = (code: string | null): string => {
  if (!code) return '-';
  const state = stateFromCode(code);
  return state ? `${state.name} (${code})` : code;
};

/** The printed e-invoice as PDF bytes. */
export const einvoicePdf = (invoice: PrintedEinvoice): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const title = TITLE[invoice.documentType] ?? 'Tax Invoice';
    const doc = new PDFDocument({
      size: 'A4',
      margin: 36,
      info: { Title: `${title} ${invoice.documentNumber}`, Author: 'OpenGST', Subject: `IRN ${invoice.irn}` },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const top = doc.page.margins.top;

    // The QR at the top right, beside the e-invoice particulars.
    const qr = qrImageOf(invoice.signedQrCode);
    const qrPoints = qr.points;
    doc.image(qr.png, left + width - qrPoints, top, { width: qrPoints, height: qrPoints });
    const textWidth = width - qrPoints - 12;
    doc.font('Helvetica-Bold').fontSize(16).text(title, left, top, { width: textWidth });
    doc.font('Helvetica').fontSize(8.5).text('e-Invoice: registered on the Invoice Registration Portal (Rule 48(4) of the CGST Rules)', {
      width: textWidth,
    });
    doc.moveDown(0.6);
    const field = (label: string, value: string, fieldWidth = textWidth) => {
      doc
        .font('Helvetica-Bold')
        .fontSize(8.5)
        .text(`${label}: `, { continued: true, width: fieldWidth })
        .font('Helvetica')
        .text(value || '-', { width: fieldWidth });
    };
    field('IRN', invoice.irn);
    field('Ack No.', invoice.ackNo);
    field('Ack Date', istText(invoice.ackDate));
    doc.moveDown(0.4);
    // Rule 46(b), (c): a consecutive serial number unique for the financial year, and the date of issue.
    field(`${title} No.`, invoice.documentNumber);
    field(`${title} Date`, ddmmyyyy(invoice.documentDate));
    // Rule 46(p): whether the tax is payable on reverse charge.
    field('Tax payable on reverse charge', invoice.isReverseCharge ? 'Yes' : 'No');
    // Rule 46(n): the place of supply with the name of the State, in the course of inter-State trade or commerce.
    field('Place of supply', stateText(invoice.placeOfSupply));
    if (invoice.shippingBillNumber || invoice.portCode) {
      const date = invoice.shippingBillDate ? ` of ${ddmmyyyy(invoice.shippingBillDate)}` : '';
      field('Shipping bill', `${invoice.shippingBillNumber ?? '-'}${date}, port ${invoice.portCode ?? '-'}`);
    }
    const endorsement = ENDORSEMENT[invoice.supplyType];
    if (endorsement) {
      doc.moveDown(0.3).font('Helvetica-Bold').fontSize(8).text(endorsement, { width: textWidth });
    }

    // Rule 46(a) the supplier, 46(d) and (e) the recipient: name, address and GSTIN (and the recipient's State).
    const partiesTop = Math.max(doc.y, top + qrPoints) + 12;
    const half = (width - 12) / 2;
    const party = (heading: string, p: PrintParty, x: number) => {
      doc.font('Helvetica-Bold').fontSize(9).text(heading, x, partiesTop, { width: half });
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .text(p.name || '-', { width: half });
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .text(p.address || '-', { width: half });
      doc.text(`GSTIN: ${p.gstin || 'Unregistered'}`, { width: half });
      doc.text(`State: ${stateText(p.stateCode)}`, { width: half });
      return doc.y;
    };
    const bottom = Math.max(party('Supplier', invoice.supplier, left), party('Recipient', invoice.recipient, left + half + 12));

    // Rule 46(g)-(m): HSN, description, quantity and unit, value, taxable value after discounts, rate and amount of
    // each tax (central, State or Union territory, integrated, cess).
    const columns = [
      { head: '#', share: 0.03, align: 'left' },
      { head: 'Description', share: 0.17, align: 'left' },
      { head: 'HSN', share: 0.09, align: 'left' },
      { head: 'Qty', share: 0.06, align: 'right' },
      { head: 'Unit', share: 0.05, align: 'left' },
      { head: 'Taxable value', share: 0.11, align: 'right' },
      { head: 'Rate', share: 0.05, align: 'right' },
      { head: 'IGST', share: 0.09, align: 'right' },
      { head: 'CGST', share: 0.09, align: 'right' },
      { head: 'SGST/UTGST', share: 0.09, align: 'right' },
      { head: 'Cess', share: 0.07, align: 'right' },
      { head: 'Total', share: 0.1, align: 'right' },
    ] as const;
    const xs: number[] = [];
    columns.reduce((x, c) => {
      xs.push(x);
      return x + c.share * width;
    }, left);
    const row = (cells: readonly string[], bold: boolean) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
      const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: (columns[i]?.share ?? 0) * width - 4 }));
      const height = Math.max(14, ...heights.map((h) => h + 6));
      if (doc.y + height > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
      const y = doc.y;
      cells.forEach((cell, i) => {
        const c = columns[i];
        if (!c) return;
        doc.text(cell, (xs[i] ?? left) + 2, y + 3, { width: c.share * width - 4, align: c.align });
        doc.rect(xs[i] ?? left, y, c.share * width, height).stroke();
      });
      doc.x = left;
      doc.y = y + height;
    };
    doc.y = bottom + 14;
    doc.font('Helvetica').fontSize(8).text('All amounts in Rs.', left, doc.y, { width, align: 'right' });
    doc.moveDown(0.2);
    row(
      columns.map((c) => c.head),
      true,
    );
    const totals = { taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 };
    invoice.items.forEach((it, i) => {
      const lineTotal = it.taxable + it.igst + it.cgst + it.sgst + it.cess;
      totals.taxable += it.taxable;
      totals.igst += it.igst;
      totals.cgst += it.cgst;
      totals.sgst += it.sgst;
      totals.cess += it.cess;
      row(
        [
          String(i + 1),
          it.description ?? '',
          it.hsn ?? '',
          quantityText(it.quantity),
          it.uqc ?? '',
          formatInr(it.taxable),
          rateText(it.rate),
          formatInr(it.igst),
          formatInr(it.cgst),
          formatInr(it.sgst),
          formatInr(it.cess),
          formatInr(lineTotal),
        ],
        false,
      );
    });
    const taxTotal = totals.taxable + totals.igst + totals.cgst + totals.sgst + totals.cess;
    row(
      [
        '',
        'Total',
        '',
        '',
        '',
        formatInr(totals.taxable),
        '',
        formatInr(totals.igst),
        formatInr(totals.cgst),
        formatInr(totals.sgst),
        formatInr(totals.cess),
        formatInr(taxTotal),
      ],
      true,
    );
    doc.moveDown(0.6);
    // Rule 46(i): the total value of the supply, as reported to the IRP (TotInvVal, after round-off and other charges).
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`Invoice value: Rs. ${formatInr(invoice.documentValue)}`, left, doc.y, { width, align: 'right' });
    if (invoice.documentValue !== taxTotal) {
      doc
        .font('Helvetica')
        .fontSize(8)
        .text(`Other charges and round-off: Rs. ${formatInr(invoice.documentValue - taxTotal)}`, { width, align: 'right' });
    }

    // Rule 46(q): the signature or digital signature of the supplier or its authorised representative.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 70) doc.addPage();
    doc.moveDown(2.5);
    const signX = left + width - 200;
    doc.font('Helvetica-Bold').fontSize(9).text(`For ${invoice.supplier.name}`, signX, doc.y, { width: 200, align: 'right' });
    doc.moveDown(2.5);
    doc
      .moveTo(signX + 40, doc.y)
      .lineTo(left + width, doc.y)
      .stroke();
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(8.5).text('Authorised signatory', signX, doc.y, { width: 200, align: 'right' });
    doc.end();
  });
