// Import contracts: import types and their columns, uploads, statistics, errors, samples, column aliases
// (issue 6, spec core §2 "Import", §4 "Import/file status", §7 "Import" and "Background work").
import {
  MSME_ACTIVITIES,
  MSME_CLASSES,
  TDS_SECTIONS,
  ACCOUNT_CODE_MAX,
  ACCOUNT_DESCRIPTION_MAX,
  ACCOUNT_NAME_MAX,
  ACCOUNT_TYPES,
  CONTINGENT_CLASSES,
  GST_HEAD_CODES,
  NOTICE_FORMS,
  GSTR1_TABLE13_NATURES,
  TAXPAYER_TYPES,
} from '@opengst/domain';
import { z } from 'zod';
import { KNOWN_HEADERS } from './known-headers';
import { MASTER_IMPORT_COLUMNS } from './master-import-columns';

/** Default sort of /import (spec core §2). */
export const IMPORT_DEFAULT_SORT = 'stamp DESC';

/** The import types of issue 6: documents (grouped rows), summaries and masters (one record per row). */
export const ImportTypeSchema = z.enum([
  'SalesDocuments',
  'PurchaseDocuments',
  'SalesSummaries',
  'PurchaseSummaries',
  'Vendors',
  'HsnSac',
  'Entities',
  'Series',
  'ChartOfAccounts',
  'Notices',
  'Levels',
  'Verticals',
  'NoticeTags',
  'IpAddresses',
  'Consultants',
]);
export type ImportType = z.infer<typeof ImportTypeSchema>;

/** Spec core §4 "Import/file status". */
export const ImportStatusSchema = z.enum(['Initialized', 'YetNotStarted', 'InProcess', 'Success', 'SuccessWithError', 'Failed']);
export type ImportStatus = z.infer<typeof ImportStatusSchema>;
/** Import statuses after which nothing changes any more (stop polling). */
export const FINAL_IMPORT_STATUSES: readonly ImportStatus[] = ['Success', 'SuccessWithError', 'Failed'];

/** Spec core §4 "Task status" (background/status). */
export const TaskStatusSchema = z.enum(['Completed', 'YetNotStarted', 'InProgress', 'Failed']);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

// Columns ------------------------------------------------------------------------------------------------------

export const ImportColumnFormatSchema = z.enum(['text', 'gstin', 'date', 'amount', 'percent', 'quantity', 'stateCode', 'yesNo', 'choice']);
export type ImportColumnFormat = z.infer<typeof ImportColumnFormatSchema>;

/** The demo tenant's Mumbai location (apps/server/src/seed/demo.ts): the examples use it, so a sample imports unchanged there. */
export const DEMO_LOCATION_GSTIN = '27AABCD1234E1Z8';

/** One documented column: the sample, the reader and the validator all use this one definition. */
export const ImportColumnSchema = z.object({
  /** Stable key (camelCase), used in error rows as the column name's id. */
  key: z.string(),
  /** Header text in the template; matched case-insensitively, as are the subscriber's aliases. */
  name: z.string(),
  /** Other headers that mean this column in Tally, GSTN offline tool and ERP exports (known-headers.ts). */
  aliases: z.array(z.string()),
  required: z.boolean(),
  format: ImportColumnFormatSchema,
  maxLength: z.number().int().nullable(),
  /** Allowed values for format 'choice' (and 'yesNo'). */
  choices: z.array(z.string()).nullable(),
  example: z.string(),
  description: z.string(),
});
export type ImportColumn = z.infer<typeof ImportColumnSchema>;

const text = (key: string, name: string, maxLength: number, example: string, description: string, required = false): ImportColumn => ({
  key,
  name,
  aliases: [],
  required,
  format: 'text',
  maxLength,
  choices: null,
  example,
  description,
});
const col = (
  key: string,
  name: string,
  format: ImportColumnFormat,
  example: string,
  description: string,
  required = false,
  choices: string[] | null = null,
): ImportColumn => ({ key, name, aliases: [], required, format, maxLength: format === 'gstin' ? 15 : null, choices, example, description });

const AMOUNT = 'Rupees with up to 2 decimals; thousands separators (1,00,000.50) are allowed.';
const DOCUMENT_TYPES = ['INV', 'CRN', 'DBN', 'BIL', 'BOE', 'RV', 'RFV', 'PV', 'SLF', 'CHL', 'ISD', 'OTH'];
export const SUPPLY_TYPES = ['B2B', 'B2C', 'SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP', 'DEXP', 'IMPG', 'IMPS'] as const;
export const ITC_ELIGIBILITY = ['Inputs', 'Input services', 'Capital goods', 'Ineligible'] as const;

/** Columns shared by sales and purchase documents; one row per item line, rows with the same document key form one document. */
const documentColumns = (counterparty: 'Customer' | 'Supplier'): ImportColumn[] => [
  col('locationGstin', 'Location GSTIN', 'gstin', DEMO_LOCATION_GSTIN, 'GSTIN of your location (one of your entities).', true),
  col(
    'documentType',
    'Document type',
    'choice',
    'INV',
    'INV invoice, CRN credit note, DBN debit note, BOE bill of entry, and others.',
    true,
    DOCUMENT_TYPES,
  ),
  text(
    'documentNumber',
    'Document number',
    16,
    'INV/24-25/0001',
    'At most 16 characters: letters, digits, "/" and "-" (Rule 46(b)); unique per financial year.',
    true,
  ),
  col('documentDate', 'Document date', 'date', '15-04-2024', 'DD-MM-YYYY; Excel dates and YYYY-MM-DD are read too.', true),
  col(
    'counterpartyGstin',
    `${counterparty} GSTIN`,
    'gstin',
    '33AAACB5678B1Z0',
    counterparty === 'Customer' ? 'Blank for an unregistered customer (B2C).' : 'GSTIN of the supplier; blank or URP when unregistered.',
  ),
  text(
    'counterpartyName',
    `${counterparty} name`,
    100,
    counterparty === 'Customer' ? 'Bharat Traders' : 'Supreme Supplies',
    `Legal or trade name of the ${counterparty.toLowerCase()}.`,
  ),
  // The example sale goes from Mumbai to Chennai; the example purchase comes from Chennai to Mumbai (the place of supply
  // of goods received is where they are delivered).
  col(
    'placeOfSupply',
    'Place of supply',
    'stateCode',
    counterparty === 'Customer' ? '33' : '27',
    'Two-digit state code (97 other territory, 96 foreign).',
    true,
  ),
  col(
    'supplyType',
    'Supply type',
    'choice',
    'B2B',
    'B2B, B2C, SEZWP/SEZWOP (SEZ with/without IGST), EXPWP/EXPWOP (export), DEXP, IMPG, IMPS. Blank: B2B with a GSTIN, else B2C.',
    false,
    [...SUPPLY_TYPES],
  ),
  col('reverseCharge', 'Reverse charge', 'yesNo', 'N', 'Y or N (blank is N).', false, ['Y', 'N']),
  text('originalDocumentNumber', 'Original document number', 16, '', 'For a credit or debit note: the invoice it amends.'),
  col('originalDocumentDate', 'Original document date', 'date', '', 'For a credit or debit note: the date of the invoice it amends.'),
  text('hsn', 'HSN/SAC', 8, '84713010', 'HSN code of goods or SAC of services, 4 to 8 digits.'),
  text('description', 'Description', 300, 'Laptop', 'Description of the item.'),
  text('uqc', 'UQC', 3, 'NOS', 'Unit quantity code (NOS, KGS, ...).'),
  col('quantity', 'Quantity', 'quantity', '2', 'Up to 3 decimals.'),
  col('taxable', 'Taxable value', 'amount', '100000.00', AMOUNT, true),
  col('rate', 'Rate %', 'percent', '18', 'Total GST rate of the line in percent (IGST, or CGST + SGST).', true),
  col('igst', 'IGST', 'amount', '18000.00', AMOUNT),
  col('cgst', 'CGST', 'amount', '0', AMOUNT),
  col('sgst', 'SGST', 'amount', '0', `SGST or UTGST. ${AMOUNT}`),
  col('cess', 'Cess', 'amount', '0', AMOUNT),
];

/** Kinds of summary rows (GSTR-1 tables 7, 11A, 11B, 8 and 13). */
export const SUMMARY_TYPES = ['B2CS', 'AdvanceReceived', 'AdvanceAdjusted', 'NilExemptNonGst', 'DocumentsIssued'] as const;
/** GSTR-1 table 8 sply_ty: inter-/intra-State supplies to registered (B2B) and unregistered (B2C) persons. */
export const NIL_SUPPLY_TYPES = ['INTRB2B', 'INTRB2C', 'INTRAB2B', 'INTRAB2C'] as const;

/** One row per summary line; the columns a summary type does not use are ignored (see the Instructions sheet). */
const summaryColumns = (): ImportColumn[] => [
  col('locationGstin', 'Location GSTIN', 'gstin', DEMO_LOCATION_GSTIN, 'GSTIN of your location (one of your entities).', true),
  text('returnPeriod', 'Return period', 6, '042024', 'MMYYYY, the month the summary is reported in.', true),
  col(
    'summaryType',
    'Summary type',
    'choice',
    'B2CS',
    'B2CS (B2C small supplies, table 7), AdvanceReceived (11A), AdvanceAdjusted (11B), NilExemptNonGst (table 8), DocumentsIssued (table 13).',
    true,
    [...SUMMARY_TYPES],
  ),
  col(
    'placeOfSupply',
    'Place of supply',
    'stateCode',
    '07',
    'B2CS and advances: two-digit state code. Same state as the location means CGST + SGST, another state IGST.',
  ),
  col('rate', 'Rate %', 'percent', '18', 'B2CS and advances: the GST rate (a rate in force in the return period).'),
  col('ecommerceGstin', 'E-commerce GSTIN', 'gstin', '', 'B2CS through an e-commerce operator: its GSTIN (TCS registration).'),
  col(
    'supplyType',
    'Nil supply type',
    'choice',
    '',
    'NilExemptNonGst: INTRB2B / INTRB2C (inter-State to registered / unregistered), INTRAB2B / INTRAB2C (intra-State).',
    false,
    [...NIL_SUPPLY_TYPES],
  ),
  col('taxable', 'Taxable value', 'amount', '10000.00', `B2CS: taxable value; advances: the advance received or adjusted. ${AMOUNT}`),
  col('igst', 'IGST', 'amount', '0', AMOUNT),
  col('cgst', 'CGST', 'amount', '900.00', AMOUNT),
  col('sgst', 'SGST', 'amount', '900.00', `SGST or UTGST. ${AMOUNT}`),
  col('cess', 'Cess', 'amount', '0', AMOUNT),
  col('nilRated', 'Nil rated', 'amount', '', `NilExemptNonGst: nil-rated supplies. ${AMOUNT}`),
  col('exempted', 'Exempted', 'amount', '', `NilExemptNonGst: exempted supplies. ${AMOUNT}`),
  col('nonGst', 'Non-GST', 'amount', '', `NilExemptNonGst: non-GST supplies. ${AMOUNT}`),
  col(
    'documentNature',
    'Document nature',
    'choice',
    '',
    `DocumentsIssued: ${Object.entries(GSTR1_TABLE13_NATURES)
      .map(([n, name]) => `${n} ${name}`)
      .join('; ')}.`,
    false,
    Object.keys(GSTR1_TABLE13_NATURES),
  ),
  text('fromNumber', 'Serial from', 16, '', 'DocumentsIssued: first document number of the series.'),
  text('toNumber', 'Serial to', 16, '', 'DocumentsIssued: last document number of the series.'),
  col('totalNumber', 'Total number', 'quantity', '', 'DocumentsIssued: documents issued in the series (a whole number).'),
  col('cancelledNumber', 'Cancelled', 'quantity', '', 'DocumentsIssued: documents cancelled (a whole number, at most the total).'),
];

/** The columns of one import type with the headers other software uses for them (known-headers.ts). */
const withKnownHeaders = (type: ImportType, columns: ImportColumn[]): ImportColumn[] =>
  columns.map((column) => ({ ...column, aliases: [...(KNOWN_HEADERS[type][column.key] ?? [])] }));

export const IMPORT_COLUMNS: Record<ImportType, readonly ImportColumn[]> = {
  SalesDocuments: withKnownHeaders('SalesDocuments', documentColumns('Customer')),
  PurchaseDocuments: withKnownHeaders('PurchaseDocuments', [
    ...documentColumns('Supplier'),
    col('itcEligibility', 'ITC eligibility', 'choice', 'Inputs', 'Inputs, Input services, Capital goods or Ineligible.', false, [
      ...ITC_ELIGIBILITY,
    ]),
  ]),
  SalesSummaries: withKnownHeaders('SalesSummaries', summaryColumns()),
  PurchaseSummaries: withKnownHeaders('PurchaseSummaries', summaryColumns()),
  Vendors: withKnownHeaders('Vendors', [
    col('gstin', 'GSTIN', 'gstin', '27AAACS4321K1ZF', 'GSTIN of the vendor; blank for an unregistered vendor (then the code is required).'),
    text('code', 'Vendor code', 40, '', 'Your own code of an unregistered vendor (ignored when the GSTIN is given).'),
    text('legalName', 'Legal name', 200, 'Supreme Supplies Private Limited', 'Legal name of the vendor.', true),
    text('tradeName', 'Trade name', 200, 'Supreme Supplies', 'Trade name, if any.'),
    text('pan', 'PAN', 10, 'AAACS4321K', 'PAN; must be the PAN inside the GSTIN (characters 3 to 12).'),
    col(
      'stateCode',
      'State code',
      'stateCode',
      '',
      "Two-digit state code of an unregistered vendor; a registered vendor's state comes from its GSTIN.",
    ),
    text('email', 'E-mail', 254, 'accounts@supreme.example', 'E-mail address.'),
    text('phone', 'Phone', 21, '+919800000000', '7 to 20 digits with an optional leading plus.'),
    text('address', 'Address', 500, 'Plot 4, MIDC, Pune', 'Postal address.'),
    text('pincode', 'Pincode', 6, '411001', 'Six digits.'),
    text('city', 'City', 100, 'Pune', 'City or town.'),
    text(
      'msmeNumber',
      'Udyam number',
      19,
      'UDYAM-MH-26-0012345',
      'Udyam registration number of an MSME vendor: UDYAM-XX-00-0000000 (19 characters).',
    ),
    col('msmeClass', 'MSME class', 'choice', 'Micro', 'Class on the Udyam certificate (MSMED Act s.7); needs the Udyam number.', false, [
      ...MSME_CLASSES,
    ]),
    col('msmeActivity', 'MSME activity', 'choice', 'Manufacturing', 'Major activity on the Udyam certificate.', false, [
      ...MSME_ACTIVITIES,
    ]),
    col(
      'tdsSection',
      'TDS section',
      'choice',
      '194C',
      `Income-tax Act section tax is deducted under when paying the vendor: ${TDS_SECTIONS.map((s) => s.code).join(', ')}.`,
      false,
      TDS_SECTIONS.map((s) => s.code),
    ),
  ]),
  HsnSac: withKnownHeaders('HsnSac', [
    text(
      'hsn',
      'HSN/SAC code',
      10,
      '84713010',
      'HSN of goods or SAC of services: 2, 4, 6 or 8 digits ("8471 30" is read as 847130).',
      true,
    ),
    text('description', 'Description', 1000, 'Portable computers', 'Description of the goods or services.', true),
    col('rate', 'Rate %', 'percent', '18', 'Usual total GST rate in percent (IGST, or CGST + SGST).'),
    text('uqc', 'UQC', 3, 'NOS', 'Unit quantity code from the GST UQC list (NOS, KGS, ...).'),
  ]),
  Entities: withKnownHeaders('Entities', [
    col(
      'entityType',
      'Entity type',
      'choice',
      'Location',
      'Location (a GST registration under a business) or ChildLocation (a branch under a location).',
      true,
      ['Location', 'ChildLocation'],
    ),
    text('entityName', 'Entity name', 200, 'Mumbai', 'Name of the location or child location.', true),
    text(
      'parent',
      'Parent',
      200,
      'AAACT1234F',
      'Location: the PAN or name of its business. Child location: the GSTIN or name of its location.',
      true,
    ),
    col(
      'gstin',
      'GSTIN',
      'gstin',
      '27AAACT1234F1ZR',
      "Required for a location: carries the business PAN and the location's state. Optional for a child location.",
    ),
    col(
      'stateCode',
      'State code',
      'stateCode',
      '27',
      "Two-digit state code; blank takes the GSTIN's state (a child location is in its location's state).",
    ),
    col(
      'taxpayerType',
      'Taxpayer type',
      'choice',
      'Regular',
      `Blank is Regular. One of: ${Object.keys(TAXPAYER_TYPES).join(', ')}.`,
      false,
      Object.keys(TAXPAYER_TYPES),
    ),
    text('legalName', 'Legal name', 200, '', 'Legal name of the registration.'),
    text('tradeName', 'Trade name', 200, '', 'Trade name of the registration.'),
    text('address', 'Address', 500, '', 'Postal address.'),
    text('pincode', 'Pincode', 6, '', 'Six digits.'),
    text('email', 'E-mail', 254, '', 'E-mail address.'),
    col('registrationDate', 'Registration date', 'date', '', 'DD-MM-YYYY.'),
    col('status', 'Status', 'choice', 'Active', 'Blank is Active. Active, Inactive or Draft.', false, ['Active', 'Inactive', 'Draft']),
  ]),
  // Document number series (masters /series): a series imported again (same year and name) is updated while it has
  // numbered nothing; one that has keeps its prefix, digits and first number (Rule 46(b): its numbers are issued).
  Series: withKnownHeaders('Series', [
    text('name', 'Series name', 60, 'Mumbai invoices', 'Name of the series, unique in its financial year.', true),
    text('financialYear', 'Financial year', 7, '2026-27', 'The financial year it numbers, as 2026-27.', true),
    text('prefix', 'Prefix', 15, 'MUM/26-27/', "Letters, digits, '/' and '-' only; blank for numbers alone."),
    text('padding', 'Digits', 2, '4', 'The running number is padded with zeros to this many digits (1 to 10).', true),
    text('startNumber', 'First number', 16, '1', 'The first number of the series (1 or more).'),
    col('status', 'Status', 'choice', 'Active', 'Blank is Active. Active or Inactive.', false, ['Active', 'Inactive']),
  ]),
  // Chart of accounts (masters /chart-of-accounts): an account imported again (same code) is updated. The parent is
  // named by its code and may be a row further down the file. The export of /chart-of-accounts has these columns.
  ChartOfAccounts: withKnownHeaders('ChartOfAccounts', [
    text('code', 'Code', ACCOUNT_CODE_MAX, 'GST-IN-CGST', "Unique code: letters, digits, '-', '/' and '.'; up to 20.", true),
    text('name', 'Name', ACCOUNT_NAME_MAX, 'Input CGST', 'Name of the group or ledger.', true),
    col('accountType', 'Account type', 'choice', 'Asset', 'Asset, Liability, Equity, Income or Expense.', true, [...ACCOUNT_TYPES]),
    col('isGroup', 'Group', 'yesNo', 'N', 'Y for a group (it holds other accounts), N or blank for a ledger.', false, ['Y', 'N']),
    text('parentCode', 'Parent code', ACCOUNT_CODE_MAX, '', 'Code of the group it sits under (same account type); blank at the top level.'),
    text(
      'gstHead',
      'GST head',
      60,
      'InputCgst',
      `Ledgers only, blank for none: ${GST_HEAD_CODES.join(', ')} (or the head's name). Input tax is an Asset; output tax and reverse-charge payable a Liability.`,
    ),
    text('description', 'Description', ACCOUNT_DESCRIPTION_MAX, '', 'Notes on the account.'),
    col('status', 'Status', 'choice', 'Active', 'Blank is Active. Active or Inactive.', false, ['Active', 'Inactive']),
  ]),
  // Notices (/litigation-management, issue 23): one row per notice, by the GSTIN it was issued to; a notice imported
  // again (same GSTIN, form and reference) is updated, its stage and timeline kept.
  Notices: withKnownHeaders('Notices', [
    col('gstin', 'GSTIN', 'gstin', '07AAACT1234F1ZT', 'The GSTIN the notice was issued to: one of your locations.', true),
    col(
      'form',
      'Form',
      'choice',
      'ASMT-10',
      'The form it came on (OTHER when none fits).',
      true,
      NOTICE_FORMS.map((f) => f.form),
    ),
    text('referenceNumber', 'Reference number', 50, 'ZA0711260000123', 'The reference (or DIN) printed on the notice.', true),
    col('issuedOn', 'Issue date', 'date', '05-11-2026', 'DD-MM-YYYY.', true),
    col('receivedOn', 'Received on', 'date', '', 'DD-MM-YYYY; blank if the same as issued.'),
    col('statedDueOn', 'Reply due date', 'date', '', "DD-MM-YYYY as stated on the notice; blank: the form's statutory window."),
    text('financialYears', 'Financial years', 100, '2023-24', 'The years it concerns, as 2023-24; several separated by ; or ,.'),
    text('section', 'Section', 40, '61', 'Section of the CGST Act it is issued under.'),
    text('subject', 'Subject', 500, 'Difference between GSTR-3B and GSTR-2B', 'What the notice is about.'),
    text('officerName', 'Officer', 100, '', 'Name of the issuing officer.'),
    text('officerDesignation', 'Designation', 100, '', 'Designation of the issuing officer.'),
    text('jurisdiction', 'Jurisdiction', 200, '', 'Ward, range or circle.'),
    col('taxIgst', 'IGST demanded', 'amount', '0', AMOUNT),
    col('taxCgst', 'CGST demanded', 'amount', '45000.00', AMOUNT),
    col('taxSgst', 'SGST demanded', 'amount', '45000.00', `SGST or UTGST. ${AMOUNT}`),
    col('taxCess', 'Cess demanded', 'amount', '0', AMOUNT),
    col('interest', 'Interest', 'amount', '1200.00', AMOUNT),
    col('penalty', 'Penalty', 'amount', '0', AMOUNT),
    col(
      'contingentClass',
      'Contingent liability',
      'choice',
      'Possible',
      'Ind AS 37: Probable, Possible or Remote; blank if not assessed.',
      false,
      [...CONTINGENT_CLASSES],
    ),
    col('contingentAmount', 'Amount at stake', 'amount', '90000.00', `Required for Probable or Possible. ${AMOUNT}`),
  ]),
  // Levels, verticals, notice tags and the IP allow-list (issue 20): master-import-columns.ts.
  Levels: withKnownHeaders('Levels', MASTER_IMPORT_COLUMNS.Levels),
  Verticals: withKnownHeaders('Verticals', MASTER_IMPORT_COLUMNS.Verticals),
  NoticeTags: withKnownHeaders('NoticeTags', MASTER_IMPORT_COLUMNS.NoticeTags),
  IpAddresses: withKnownHeaders('IpAddresses', MASTER_IMPORT_COLUMNS.IpAddresses),
  Consultants: withKnownHeaders('Consultants', MASTER_IMPORT_COLUMNS.Consultants),
};

export const ImportTypeInfoSchema = z.object({
  importType: ImportTypeSchema,
  name: z.string(),
  /** Right needed to upload this type (ImportView is enough to read the statistics). */
  rightId: z.string(),
  /** The error screen route of this type (spec core §2). */
  errorRoute: z.string(),
  columns: z.array(ImportColumnSchema),
});
export type ImportTypeInfo = z.infer<typeof ImportTypeInfoSchema>;

export const IMPORT_TYPES: readonly ImportTypeInfo[] = [
  {
    importType: 'SalesDocuments',
    name: 'Sales documents',
    rightId: 'ImportSales',
    errorRoute: '/import-document-error',
    columns: [...IMPORT_COLUMNS.SalesDocuments],
  },
  {
    importType: 'PurchaseDocuments',
    name: 'Purchase documents',
    rightId: 'ImportPurchase',
    errorRoute: '/import-document-error',
    columns: [...IMPORT_COLUMNS.PurchaseDocuments],
  },
  {
    importType: 'SalesSummaries',
    name: 'Sales summaries',
    rightId: 'ImportSummary',
    errorRoute: '/import-document-summary-error',
    columns: [...IMPORT_COLUMNS.SalesSummaries],
  },
  {
    importType: 'PurchaseSummaries',
    name: 'Purchase summaries',
    rightId: 'ImportSummary',
    errorRoute: '/import-document-summary-error',
    columns: [...IMPORT_COLUMNS.PurchaseSummaries],
  },
  {
    importType: 'Vendors',
    name: 'Vendors',
    rightId: 'ImportVendors',
    errorRoute: '/import-vendor-error',
    columns: [...IMPORT_COLUMNS.Vendors],
  },
  {
    importType: 'HsnSac',
    name: 'HSN/SAC codes',
    rightId: 'ImportHsnSac',
    errorRoute: '/import-hsn-sac-error',
    columns: [...IMPORT_COLUMNS.HsnSac],
  },
  {
    importType: 'Entities',
    name: 'Entities',
    rightId: 'ImportEntities',
    errorRoute: '/import-entities-error',
    columns: [...IMPORT_COLUMNS.Entities],
  },
  {
    importType: 'Series',
    name: 'Document number series',
    rightId: 'MasterSeries',
    errorRoute: '/import-series-error',
    columns: [...IMPORT_COLUMNS.Series],
  },
  {
    importType: 'ChartOfAccounts',
    name: 'Chart of accounts',
    rightId: 'MasterChartOfAccounts',
    errorRoute: '/import-chart-of-accounts-error',
    columns: [...IMPORT_COLUMNS.ChartOfAccounts],
  },
  {
    importType: 'Notices',
    name: 'Notices',
    rightId: 'LitigationEdit',
    errorRoute: '/import-notices-error',
    columns: [...IMPORT_COLUMNS.Notices],
  },
  // The small masters share one error screen; each type needs the right of its master's save.
  ...(
    [
      ['Levels', 'Levels', 'MasterChartOfAccounts'],
      ['Verticals', 'Verticals', 'MasterChartOfAccounts'],
      ['NoticeTags', 'Notice tags', 'MasterChartOfAccounts'],
      ['IpAddresses', 'IP addresses', 'MasterIpAddresses'],
      // A consultant is a user: the users screen's right.
      ['Consultants', 'Consultants', 'UserManage'],
    ] as const
  ).map(([importType, name, rightId]) => ({
    importType,
    name,
    rightId,
    errorRoute: '/import-master-error',
    columns: [...IMPORT_COLUMNS[importType]],
  })),
];

export const ImportTypesResponseSchema = z.object({ items: z.array(ImportTypeInfoSchema) });

// Upload and progress ------------------------------------------------------------------------------------------

/** The multipart form's text fields (the file is the field `file`). */
export const ImportUploadFieldsSchema = z.object({
  importType: ImportTypeSchema,
  entityId: z.coerce.number().int().positive().nullish(),
});
export type ImportUploadFields = z.infer<typeof ImportUploadFieldsSchema>;

export const ImportUploadResponseSchema = z.object({ importId: z.number().int(), status: ImportStatusSchema });
export type ImportUploadResponse = z.infer<typeof ImportUploadResponseSchema>;

export const ImportIdQuerySchema = z.object({ importId: z.coerce.number().int().positive() });

/** GET import/headers: the header row of an uploaded file, and which of our columns each header was read as. */
export const ImportFileHeadersSchema = z.object({
  importId: z.number().int(),
  importType: ImportTypeSchema,
  /** The file's header cells in order (blank cells left out). */
  headers: z.array(z.string()),
  /** Column key → the header it was found under (by name, known header or the subscriber's alias). */
  matched: z.record(z.string(), z.string()),
});
export type ImportFileHeaders = z.infer<typeof ImportFileHeadersSchema>;
export const ImportTypeQuerySchema = z.object({ importType: ImportTypeSchema });

/** GET import/statistic/status: what the progress bar shows. */
export const ImportProgressSchema = z.object({
  importId: z.number().int(),
  importType: ImportTypeSchema,
  fileName: z.string(),
  status: ImportStatusSchema,
  /**
   * While InProcess: an estimate for a csv (from its line count), 0 for an xlsx (show an indeterminate bar);
   * exact once a document file is read (processedRows then equals it while its documents are stored) and once the
   * status is final.
   */
  totalRows: z.number().int(),
  /** Rows read so far, updated every 2,000 rows while InProcess. */
  processedRows: z.number().int(),
  validRows: z.number().int(),
  errorRows: z.number().int(),
  message: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

// The /import list -----------------------------------------------------------------------------------------------

export const ImportSearchFiltersSchema = z.object({
  importType: ImportTypeSchema.nullish(),
  statuses: z.array(ImportStatusSchema).nullish(),
  /** ISO dates (YYYY-MM-DD), inclusive, on the upload stamp. */
  fromDate: z.iso.date().nullish(),
  toDate: z.iso.date().nullish(),
});
export type ImportSearchFilters = z.infer<typeof ImportSearchFiltersSchema>;

export const ImportSearchRequestSchema = z.object({
  start: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(1000).default(50),
  /** "{stamp|fileName|status|importType|totalRows|errorRows} ASC|DESC", default 'stamp DESC'. */
  sortExpression: z.string().max(100).nullish(),
  filters: ImportSearchFiltersSchema.optional(),
});
export type ImportSearchRequest = z.input<typeof ImportSearchRequestSchema>;

export const ImportListItemSchema = ImportProgressSchema.extend({
  fileSize: z.number().int(),
  fileFormat: z.string().nullable(),
  isAllOrNothing: z.boolean(),
  entityId: z.number().int().nullable(),
  createdBy: z.number().int(),
  createdByName: z.string().nullable(),
  stamp: z.string(),
});
export type ImportListItem = z.infer<typeof ImportListItemSchema>;
export const ImportListResponseSchema = z.object({ items: z.array(ImportListItemSchema), totalRecords: z.number().int() });

// Summaries and errors -------------------------------------------------------------------------------------------

export const ImportCodeCountSchema = z.object({ code: z.string(), message: z.string(), count: z.number().int() });
export type ImportCodeCount = z.infer<typeof ImportCodeCountSchema>;

/** GET import/summary. */
export const ImportSummarySchema = ImportProgressSchema.extend({
  /** Documents written by this import (created or updated). */
  documents: z.number().int(),
  /** Error entries (a row may carry several). */
  errors: z.number().int(),
  warnings: z.number().int(),
  byCode: z.array(ImportCodeCountSchema),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

/** GET import/errorSummary: errors grouped by code. */
export const ImportErrorSummarySchema = z.object({
  importId: z.number().int(),
  items: z.array(ImportCodeCountSchema.extend({ columns: z.array(z.string()) })),
});
export type ImportErrorSummary = z.infer<typeof ImportErrorSummarySchema>;

export const ImportErrorsRequestSchema = z.object({
  importId: z.number().int().positive(),
  start: z.number().int().min(0).default(0),
  /** Default: the importErrorPageSize setting. */
  size: z.number().int().min(1).max(1000).nullish(),
  filters: z.object({ code: z.string().max(20).nullish(), column: z.string().max(60).nullish() }).optional(),
});
export type ImportErrorsRequest = z.input<typeof ImportErrorsRequestSchema>;

export const ImportErrorItemSchema = z.object({
  /** Row number in the file, counting the header as row 1 (as a spreadsheet shows it); 0 for a file-level error. */
  row: z.number().int(),
  /** The column's header name, or null for a document- or file-level error. */
  column: z.string().nullable(),
  value: z.string().nullable(),
  code: z.string(),
  message: z.string(),
  type: z.enum(['Error', 'Warning']),
});
export type ImportErrorItem = z.infer<typeof ImportErrorItemSchema>;
export const ImportErrorsResponseSchema = z.object({ items: z.array(ImportErrorItemSchema), totalRecords: z.number().int() });

// Column aliases -------------------------------------------------------------------------------------------------

export const ImportAliasSchema = z.object({
  /** One of the import type's column keys. */
  column: z.string().min(1).max(60),
  /** The subscriber's own header text, at most 40 characters (spec core §5). */
  alias: z.string().trim().min(1).max(40),
});
export type ImportAlias = z.infer<typeof ImportAliasSchema>;
export const ImportAliasesQuerySchema = ImportTypeQuerySchema;
export const ImportAliasSaveRequestSchema = z.object({ importType: ImportTypeSchema, aliases: z.array(ImportAliasSchema).max(200) });
export type ImportAliasSaveRequest = z.infer<typeof ImportAliasSaveRequestSchema>;
export const ImportAliasesResponseSchema = z.object({ importType: ImportTypeSchema, aliases: z.array(ImportAliasSchema) });

// Background work ------------------------------------------------------------------------------------------------

export const BackgroundStatusQuerySchema = z.object({ id: z.coerce.number().int().positive(), type: z.literal('import') });
export const BackgroundStatusResponseSchema = z.object({ id: z.number().int(), type: z.string(), status: TaskStatusSchema });
export type BackgroundStatusResponse = z.infer<typeof BackgroundStatusResponseSchema>;

/** Maps an import status to the task status of background/status. */
export const taskStatusOf = (status: ImportStatus): TaskStatus =>
  status === 'Success' || status === 'SuccessWithError'
    ? 'Completed'
    : status === 'Failed'
      ? 'Failed'
      : status === 'InProcess'
        ? 'InProgress'
        : 'YetNotStarted';
