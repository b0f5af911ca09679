import type { RouteName } from './routes';

// The sidebar of spec core §2 "Shell": top items and their children, each child naming its route.
// Rights come from the route; `setting` names a settings flag that must be on for the item to show.

export type SidebarItem = {
  readonly key: string;
  readonly label: string;
  readonly route?: RouteName;
  readonly setting?: 'showIMS' | 'litigationSync';
  readonly children?: readonly SidebarItem[];
};

export const SIDEBAR: readonly SidebarItem[] = [
  { key: 'dashboard', label: 'Dashboard', route: 'Statistics' },
  // Spec core §2 dashboard group: shown only while the subscriber's litigation-sync setting is on (the server's
  // sidemenuConfig hides the same key while it is off).
  { key: 'litigationDashboard', label: 'Litigation Dashboard', route: 'LitigationDashboard', setting: 'litigationSync' },
  {
    key: 'organization',
    label: 'Organization',
    children: [
      { key: 'Entities', label: 'Entities', route: 'Entities' },
      { key: 'Branches', label: 'Branches', route: 'Branches' },
      { key: 'Departments', label: 'Departments', route: 'Departments' },
      { key: 'Users', label: 'Users', route: 'Users' },
      { key: 'Roles', label: 'Roles', route: 'Roles' },
    ],
  },
  { key: 'import', label: 'Import', route: 'Import' },
  {
    key: 'createDocument',
    label: 'Create Document',
    children: [
      { key: 'CreateDocument', label: 'Create Document', route: 'CreateDocument' },
      { key: 'DraftDocument', label: 'Draft Documents', route: 'DraftDocument' },
    ],
  },
  {
    key: 'eInvoice',
    label: 'E-Invoice',
    children: [
      { key: 'EInvoice', label: 'E-Invoice', route: 'EInvoice' },
      { key: 'EInvoicePDFQR', label: 'E-Invoice via PDF/QR', route: 'EInvoicePdfQr' },
    ],
  },
  {
    key: 'eWayBill',
    label: 'E-Way Bill',
    children: [
      { key: 'EWayBill', label: 'E-Way Bill', route: 'EWayBill' },
      { key: 'ConsolidatedEwayBill', label: 'Consolidated E-Way Bill', route: 'ConsolidatedEwayBill' },
    ],
  },
  {
    key: 'gstReturns',
    label: 'GST Returns',
    children: [
      { key: 'RegularReturns', label: 'Regular Returns', route: 'RegularReturnsList' },
      // The regular returns group's registers (spec core §2): the books every return is prepared from.
      { key: 'RegularSales', label: 'Sales Register', route: 'RegularSales' },
      { key: 'RegularPurchase', label: 'Purchase Register', route: 'RegularPurchase' },
      // The purchase register against GSTR-2B/2A (spec core §2 /reconciliation-list, dashboard group): its runs.
      { key: 'Reconciliations', label: 'Purchase Reconciliation', route: 'ReconciliationList' },
      { key: 'IsdReturnsList', label: 'ISD Returns', route: 'IsdReturnsList' },
      { key: 'TdsReturnsList', label: 'TDS Returns', route: 'TdsReturnsList' },
      { key: 'TcsReturnsList', label: 'TCS Returns', route: 'TcsReturnsList' },
      { key: 'invoiceManagement', label: 'Invoice Management System', route: 'InvoiceManagementSystem', setting: 'showIMS' },
      { key: 'BulkReturnFiling', label: 'Bulk Return Filing', route: 'BulkReturnFiling' },
      { key: 'SearchTaxpayer', label: 'Search Taxpayer', route: 'SearchTaxpayer' },
      { key: 'Notifications', label: 'Notifications', route: 'Notifications' },
      { key: 'LitigationManagement', label: 'Litigation Management', route: 'LitigationManagement' },
      { key: 'GstChallans', label: 'GST Challans', route: 'GstChallans' },
      { key: 'Drc01b', label: 'DRC-01B', route: 'Drc01b' },
      { key: 'Drc01c', label: 'DRC-01C', route: 'Drc01c' },
    ],
  },
  {
    key: 'generalLedger',
    label: 'General Ledger',
    children: [
      { key: 'GeneralLedger', label: 'General Ledger', route: 'GeneralLedger' },
      { key: 'GeneralLedgerReconciliation', label: 'General Ledger Reconciliation', route: 'GlReconciliation' },
    ],
  },
  {
    key: 'reports',
    label: 'Reports',
    children: [
      { key: 'AuditTrailReport', label: 'Audit Trail Report', route: 'AuditTrailReport' },
      { key: 'ContingentLiabilityReport', label: 'Contingent Liability Report', route: 'ContingentLiabilityReport' },
      { key: 'GstAssessmentReport', label: 'GST Assessment Report', route: 'GstAssessmentReport' },
    ],
  },
  { key: 'dataActivities', label: 'Data Activities', route: 'DataActivities' },
];
