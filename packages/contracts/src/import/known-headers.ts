// Header names that registers exported from Tally, the GSTN offline tool's GSTR-1 workbook, the portal's GSTR-2A/2B
// Excel and common ERPs (SAP, Zoho Books, Busy, Marg) use for our columns, so that such a file imports without a
// mapping. A subscriber's own alias (import/aliases) and our column names always win over these.
import type { ImportType } from './import.schemas';

/**
 * The form two headers are compared in: case, spaces and punctuation do not count ("Invoice No." = "invoice no"),
 * but "%" does ("CGST %" is a rate, not the CGST amount), and "&" reads as "and".
 */
export const headerKey = (text: string): string =>
  text
    .toLowerCase()
    .replace(/%/g, 'percent')
    .replace(/&/g, 'and')
    .replace(/#/g, 'no')
    .replace(/[^a-z0-9]/g, '');

const NUMBER = ['Invoice Number', 'Invoice No', 'Inv No', 'Voucher No', 'Voucher Number', 'Bill No', 'Bill Number', 'Doc No'];
const DATE = ['Invoice Date', 'Inv Date', 'Voucher Date', 'Bill Date', 'Doc Date', 'Date'];
const PLACE = ['POS', 'State of Supply', 'Place of Supply (State)'];
const TAX = {
  taxable: ['Taxable Amount', 'Taxable Amt', 'Assessable Value', 'Taxable'],
  rate: ['Tax Rate', 'GST Rate', 'GST Rate %', 'GST %', 'Rate of Tax'],
  igst: ['IGST Amount', 'IGST Amt', 'Integrated Tax', 'Integrated Tax Amount'],
  cgst: ['CGST Amount', 'CGST Amt', 'Central Tax', 'Central Tax Amount'],
  sgst: ['SGST Amount', 'SGST Amt', 'SGST/UTGST', 'SGST/UTGST Amount', 'UTGST', 'State Tax', 'State/UT Tax', 'State/UT Tax Amount'],
  cess: ['Cess Amount', 'Cess Amt', 'Compensation Cess'],
};

const documentHeaders = (counterparty: 'Customer' | 'Supplier'): Record<string, readonly string[]> => ({
  locationGstin:
    counterparty === 'Customer'
      ? ['Seller GSTIN', 'Company GSTIN', 'Own GSTIN', 'Branch GSTIN', 'My GSTIN']
      : ['Buyer GSTIN', 'Recipient GSTIN', 'Company GSTIN', 'Own GSTIN', 'Branch GSTIN', 'My GSTIN'],
  documentType: ['Doc Type', 'Document Type', 'Note Type'],
  documentNumber:
    counterparty === 'Customer'
      ? [...NUMBER, 'Note Number', 'Note No']
      : [...NUMBER, 'Supplier Invoice No', 'Supplier Invoice Number', 'Note Number', 'Note No'],
  documentDate: counterparty === 'Customer' ? [...DATE, 'Note Date'] : [...DATE, 'Supplier Invoice Date', 'Note Date'],
  counterpartyGstin:
    counterparty === 'Customer'
      ? [
          'GSTIN/UIN of Recipient',
          'Customer GSTIN/UIN',
          'Buyer GSTIN',
          'Recipient GSTIN',
          'Receiver GSTIN',
          'Party GSTIN',
          'Party GSTIN/UIN',
          'GSTIN/UIN',
        ]
      : ['GSTIN of Supplier', 'Supplier GSTIN/UIN', 'Vendor GSTIN', 'Seller GSTIN', 'Party GSTIN', 'Party GSTIN/UIN', 'GSTIN/UIN'],
  counterpartyName:
    counterparty === 'Customer'
      ? ['Receiver Name', 'Customer', 'Buyer Name', 'Recipient Name', 'Party Name', 'Party', 'Particulars']
      : ['Supplier', 'Vendor Name', 'Trade/Legal name', 'Trade/Legal name of the Supplier', 'Party Name', 'Party', 'Particulars'],
  placeOfSupply: PLACE,
  reverseCharge: ['RCM', 'Reverse Charge (Y/N)', 'Is Reverse Charge', 'Supply Attract Reverse Charge'],
  originalDocumentNumber: [
    'Original Invoice Number',
    'Original Invoice No',
    'Invoice/Advance Receipt Number',
    'Against Invoice No',
    'Reference Invoice No',
  ],
  originalDocumentDate: ['Original Invoice Date', 'Invoice/Advance Receipt date', 'Against Invoice Date', 'Reference Invoice Date'],
  hsn: ['HSN', 'SAC', 'HSN Code', 'HSN/SAC Code', 'HSN SAC', 'HSN Code/SAC'],
  description: ['Item Description', 'Item Name', 'Item', 'Product Name', 'Product', 'Stock Item', 'Description of Goods'],
  uqc: ['Unit', 'Units', 'UOM', 'Unit of Measure'],
  quantity: ['Qty', 'Billed Qty', 'Total Quantity'],
  ...TAX,
  itcEligibility: ['Eligibility For ITC', 'ITC Eligible'],
});

const summaryHeaders: Record<string, readonly string[]> = { returnPeriod: ['Period', 'Tax Period'], placeOfSupply: PLACE, ...TAX };

/** Known headers by import type, then by column key. */
export const KNOWN_HEADERS: Record<ImportType, Record<string, readonly string[]>> = {
  SalesDocuments: documentHeaders('Customer'),
  PurchaseDocuments: documentHeaders('Supplier'),
  SalesSummaries: summaryHeaders,
  PurchaseSummaries: summaryHeaders,
  Vendors: {
    gstin: ['GSTIN/UIN', 'Vendor GSTIN', 'Party GSTIN', 'Supplier GSTIN'],
    legalName: ['Name', 'Vendor Name', 'Party Name', 'Supplier Name'],
    email: ['Email', 'Email ID', 'E-mail ID', 'Email Address'],
    phone: ['Mobile', 'Mobile No', 'Mobile Number', 'Phone No', 'Phone Number', 'Contact No', 'Contact Number'],
    pincode: ['PIN', 'PIN Code', 'Postal Code'],
    stateCode: ['State'],
  },
  HsnSac: {
    hsn: ['HSN', 'SAC', 'HSN Code', 'HSN/SAC', 'SAC Code'],
    description: ['Description of Goods', 'Item Description', 'Goods Description'],
    rate: ['GST Rate', 'Tax Rate', 'GST %'],
    uqc: ['Unit', 'UOM'],
  },
  Entities: { entityName: ['Name', 'Location Name'], registrationDate: ['Date of Registration', 'Effective Date'] },
  Series: { name: ['Series', 'Name'], startNumber: ['Starting Number', 'Start Number'], padding: ['Padding', 'Width'] },
  ChartOfAccounts: {
    code: ['Account Code', 'Ledger Code', 'GL Code'],
    name: ['Account Name', 'Ledger Name', 'Ledger'],
    parentCode: ['Group Code', 'Parent', 'Under'],
    isGroup: ['Is Group'],
  },
  Notices: {
    referenceNumber: ['Reference No', 'Notice Number', 'DIN', 'Reference'],
    issuedOn: ['Notice Date', 'Date of Issue', 'Issued On'],
    statedDueOn: ['Due Date', 'Reply By', 'Last Date of Reply'],
    form: ['Notice Form', 'Form Type'],
  },
  Levels: { name: ['Level', 'Level Name'], rank: ['Level Rank', 'Approval Order'] },
  Verticals: { name: ['Vertical', 'Vertical Name', 'Business Line'], code: ['Vertical Code'] },
  NoticeTags: { name: ['Tag', 'Tag Name'], color: ['Color', 'Tag Colour', 'Tag Color'] },
  IpAddresses: { address: ['IP Address', 'IP', 'IP Range', 'CIDR', 'Address'] },
  Consultants: {
    displayName: ['Consultant', 'Consultant Name'],
    firmName: ['Firm Name'],
    gstins: ['GSTIN'],
    membershipNumber: ['Membership No', 'Enrolment No'],
  },
};
