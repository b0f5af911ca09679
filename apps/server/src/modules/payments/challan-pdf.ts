// The challan as Form GST PMT-06 (Rule 87(2) of the CGST Rules): the taxpayer (GSTIN, name, address), the CPIN and
// its validity, the deposit by major head and minor head with totals, the total in words, and the mode of payment;
// once paid, the bank's CIN (Rule 87(6)), reference and date. pdfkit's standard fonts carry no rupee sign, so amounts
// are in "Rs." as the portal's own printed challan writes them.
import { CHALLAN_BANKS, MINOR_HEAD_KEYS, MINOR_HEAD_TEXT, TAX_HEAD_KEYS, type Challan } from '@opengst/contracts';
import { formatInr, PAYMENT_MODES } from '@opengst/domain';
import PDFDocument from 'pdfkit';
import type { ChallanGstin } from './challans.service';

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

const belowHundred = (n: number): string => (n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]!}${n % 10 ? ` ${ONES[n % 10]!}` : ''}`);
const belowThousand = (n: number): string => {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]!} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
};

/** Whole rupees in words by the Indian system (crore, lakh, thousand): "Seven Thousand One Hundred Eighty". */
export const rupeesInWords = (rupees: number): string => {
  if (!Number.isSafeInteger(rupees) || rupees < 0) throw new RangeError(`rupees must be a whole number, not negative: ${rupees}`);
  if (rupees === 0) return 'Zero';
  const crore = Math.floor(rupees / 10_000_000);
  const lakh = Math.floor((rupees % 10_000_000) / 100_000);
  const thousand = Math.floor((rupees % 100_000) / 1_000);
  const rest = rupees % 1_000;
  return [
    crore ? `${rupeesInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
};

const ddmmyyyy = (iso: string | null): string => (iso ? iso.split('-').reverse().join('-') : '');
const HEAD_ROWS = { igst: 'Integrated Tax (IGST)', cgst: 'Central Tax (CGST)', sgst: 'State/UT Tax (SGST/UTGST)', cess: 'Cess' } as const;

/** PMT-06 of `challan` as PDF bytes. */
export const challanPdf = (challan: Challan, taxpayer: ChallanGstin): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `GST PMT-06 ${challan.cpin}`, Author: 'OpenGST' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    doc.font('Helvetica-Bold').fontSize(14).text('Form GST PMT-06', { align: 'center' });
    doc.font('Helvetica').fontSize(10).text('[See rule 87(2)]', { align: 'center' });
    doc.font('Helvetica-Bold').fontSize(11).text('Challan for deposit of goods and services tax', { align: 'center' }).moveDown();

    const field = (label: string, value: string) => {
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .text(`${label}: `, { continued: true })
        .font('Helvetica')
        .text(value || '-');
    };
    field('CPIN', challan.cpin);
    field('Date of generation', ddmmyyyy(challan.createdOn));
    field('Challan expiry date', `${ddmmyyyy(challan.validUntil)} (valid 15 days, Rule 87(2))`);
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10).text('Details of taxpayer').moveDown(0.2);
    field('GSTIN', challan.gstin);
    field('Name', taxpayer.legalName ?? taxpayer.tradeName ?? taxpayer.entityName);
    field('Address', [taxpayer.address, taxpayer.pincode].filter(Boolean).join(', '));

    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10).text('Details of deposit (all amounts in Rs.)').moveDown(0.3);
    const columns = ['Government / Major head', ...MINOR_HEAD_KEYS.map((m) => MINOR_HEAD_TEXT[m]), 'Total'];
    const first = width * 0.28;
    const other = (width - first) / (columns.length - 1);
    const xOf = (i: number) => left + (i === 0 ? 0 : first + (i - 1) * other);
    const widthOf = (i: number) => (i === 0 ? first : other);
    const row = (cells: readonly string[], bold: boolean) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
      cells.forEach((cell, i) =>
        doc.text(cell, xOf(i) + 3, y + 4, { width: widthOf(i) - 6, align: i === 0 ? 'left' : 'right', lineBreak: false }),
      );
      cells.forEach((_cell, i) => doc.rect(xOf(i), y, widthOf(i), 18).stroke());
      doc.x = left;
      doc.y = y + 18;
    };
    row(columns, true);
    for (const head of TAX_HEAD_KEYS) {
      const cells = challan.amounts[head];
      const total = MINOR_HEAD_KEYS.reduce((sum, m) => sum + cells[m], 0);
      row([HEAD_ROWS[head], ...MINOR_HEAD_KEYS.map((m) => formatInr(cells[m])), formatInr(total)], false);
    }
    row(
      [
        'Total',
        ...MINOR_HEAD_KEYS.map((m) => formatInr(TAX_HEAD_KEYS.reduce((sum, h) => sum + challan.amounts[h][m], 0))),
        formatInr(challan.total),
      ],
      true,
    );
    doc.moveDown();
    field('Total challan amount', `Rs. ${formatInr(challan.total)}`);
    // A challan is in whole rupees (s.170), so the words need no paise.
    field('Total amount in words', `Rupees ${rupeesInWords(Math.round(challan.total / 100))} Only`);
    field('Mode of payment', PAYMENT_MODES[challan.mode].label);
    if (challan.bankCode) field('Bank', CHALLAN_BANKS[challan.bankCode] ?? challan.bankCode);
    if (challan.cin) {
      doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10).text('Details of payment').moveDown(0.2);
      field('CIN', challan.cin);
      field('Bank reference number (BRN)', challan.brn ?? '');
      field('Payment date', ddmmyyyy(challan.paidOn));
    }
    doc.end();
  });
