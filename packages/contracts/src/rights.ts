// The rights catalogue: every route of both spec documents is gated by one or more of these.
// A route is allowed when any one of its rights is held (spec core §6). Actions that need their own
// right (file a return, approve, delete, export) have one. Premium rights carry isPremium.

export type RightDefinition = {
  readonly id: string;
  readonly module: RightModule;
  readonly name: string;
  readonly isPremium?: boolean;
};

export const RIGHT_MODULES = [
  'Dashboard',
  'Organization',
  'Import',
  'Documents',
  'EInvoice',
  'EWayBill',
  'Returns',
  'Reconciliation',
  'Isd',
  'Tds',
  'Tcs',
  'Litigation',
  'Reports',
  'Masters',
  'Settings',
  'GeneralLedger',
  'DataActivities',
  'Administration',
] as const;
export type RightModule = (typeof RIGHT_MODULES)[number];

/** How each module is named on screen (the rights tree of /add-role and /edit-role). */
export const RIGHT_MODULE_LABELS: Record<RightModule, string> = {
  Dashboard: 'Dashboard',
  Organization: 'Organization',
  Import: 'Import',
  Documents: 'Documents',
  EInvoice: 'E-Invoice',
  EWayBill: 'E-Way Bill',
  Returns: 'GST Returns',
  Reconciliation: 'Reconciliation',
  Isd: 'ISD',
  Tds: 'TDS',
  Tcs: 'TCS',
  Litigation: 'Litigation',
  Reports: 'Reports',
  Masters: 'Masters',
  Settings: 'Settings',
  GeneralLedger: 'General Ledger',
  DataActivities: 'Data Activities',
  Administration: 'Administration',
};

const r = (id: string, module: RightModule, name: string, isPremium?: boolean): RightDefinition =>
  isPremium ? { id, module, name, isPremium } : { id, module, name };

export const RIGHTS = [
  r('DashboardStatistics', 'Dashboard', 'Quick access and statistics'),
  r('DashboardBusinessIntelligence', 'Dashboard', 'Business intelligence dashboard', true),
  r('DashboardCfo', 'Dashboard', 'CFO dashboard', true),
  r('DashboardItcInsights', 'Dashboard', 'ITC insights decision dashboard', true),
  r('DashboardLitigation', 'Dashboard', 'Litigation dashboard', true),

  r('EntityView', 'Organization', 'View entities'),
  r('EntityManage', 'Organization', 'Create and edit entities'),
  r('EntityDelete', 'Organization', 'Delete entities'),
  r('EntityExport', 'Organization', 'Export entities'),
  r('BranchView', 'Organization', 'View branches'),
  r('BranchManage', 'Organization', 'Create, edit and delete branches'),
  r('DepartmentView', 'Organization', 'View departments'),
  r('DepartmentManage', 'Organization', 'Create, edit and delete departments'),
  r('UserView', 'Organization', 'View users'),
  r('UserManage', 'Organization', 'Create and edit users'),
  r('UserDelete', 'Organization', 'Delete users'),
  r('UserExport', 'Organization', 'Export users'),
  r('UserApiAccess', 'Organization', 'Manage API access of users'),
  r('RoleView', 'Organization', 'View roles'),
  r('RoleAdd', 'Organization', 'Add roles'),
  r('RoleEdit', 'Organization', 'Edit roles'),
  r('RoleDelete', 'Organization', 'Delete roles'),

  r('ImportView', 'Import', 'View imports'),
  r('ImportSales', 'Import', 'Import sales documents'),
  r('ImportPurchase', 'Import', 'Import purchase documents'),
  r('ImportSummary', 'Import', 'Import sales and purchase summaries'),
  r('ImportVendors', 'Import', 'Import vendors'),
  r('ImportHsnSac', 'Import', 'Import HSN/SAC codes'),
  r('ImportEntities', 'Import', 'Import entities'),
  r('ImportGeneralLedger', 'Import', 'Import general ledger'),
  r('ImportNotices', 'Import', 'Import notices'),

  r('DocumentCreate', 'Documents', 'Create documents'),
  r('DocumentDraft', 'Documents', 'Draft documents'),
  r('DocumentEdit', 'Documents', 'Edit documents'),
  r('DocumentDelete', 'Documents', 'Delete documents'),
  r('DocumentApprove', 'Documents', 'Approve documents'),

  r('EInvoiceView', 'EInvoice', 'View e-invoices'),
  r('EInvoiceGenerate', 'EInvoice', 'Generate and cancel e-invoices'),
  r('EInvoicePdfQr', 'EInvoice', 'E-invoice via PDF/QR code'),
  r('EWayBillView', 'EWayBill', 'View e-way bills'),
  r('EWayBillGenerate', 'EWayBill', 'Generate, update and cancel e-way bills'),
  r('ConsolidatedEWayBill', 'EWayBill', 'Consolidated e-way bills'),

  r('ReturnsView', 'Returns', 'View regular returns'),
  r('SalesView', 'Returns', 'View sales register'),
  r('SalesExport', 'Returns', 'Export sales register'),
  r('PurchaseView', 'Returns', 'View purchase register'),
  r('PurchaseExport', 'Returns', 'Export purchase register'),
  r('Gstr1Prepare', 'Returns', 'Prepare GSTR-1 and GSTR-1A'),
  r('Gstr1File', 'Returns', 'Save, submit and file GSTR-1 and GSTR-1A'),
  r('Gstr3bPrepare', 'Returns', 'Prepare GSTR-3B'),
  r('Gstr3bFile', 'Returns', 'File GSTR-3B'),
  r('Gstr2x', 'Returns', 'GSTR-2X'),
  r('Itc04', 'Returns', 'ITC-04'),
  r('Itc04File', 'Returns', 'File ITC-04'),
  r('Gstr9', 'Returns', 'GSTR-9 and GSTR-9C'),
  r('Gstr9File', 'Returns', 'File GSTR-9 and GSTR-9C'),
  r('JobWork', 'Returns', 'Job work'),
  r('Drc01', 'Returns', 'DRC-01B and DRC-01C'),
  r('VendorPayment', 'Returns', 'Vendor payment'),
  r('GstChallan', 'Returns', 'GST challans and payment'),
  r('BulkReturnFiling', 'Returns', 'Bulk return filing'),
  r('SearchTaxpayer', 'Returns', 'Search taxpayer'),
  r('Notifications', 'Returns', 'Vendor notifications'),
  r('NotificationsSend', 'Returns', 'Send vendor notifications'),
  r('NotificationsExport', 'Returns', 'Export vendor notifications'),
  r('NotificationsDelete', 'Returns', 'Delete vendor notifications'),

  r('Gstr2aReconciliation', 'Reconciliation', 'GSTR-2A/2B reconciliation'),
  r('Gstr2xReconciliation', 'Reconciliation', 'GSTR-2X reconciliation'),
  r('Gstr6aReconciliation', 'Reconciliation', 'GSTR-6A reconciliation'),
  r('InvoiceManagementSystem', 'Reconciliation', 'Invoice management system (IMS)'),
  r('ReconciliationHub', 'Reconciliation', 'Three-way reconciliation hub', true),

  r('IsdReturns', 'Isd', 'ISD returns and documents'),
  r('Gstr6File', 'Isd', 'File GSTR-6'),
  r('TdsReturns', 'Tds', 'TDS returns and documents'),
  r('Gstr7File', 'Tds', 'File GSTR-7'),
  r('TcsReturns', 'Tcs', 'TCS returns and documents'),
  r('Gstr8File', 'Tcs', 'File GSTR-8'),

  r('LitigationManagement', 'Litigation', 'Litigation and notice management', true),
  r('LitigationEdit', 'Litigation', 'Create and edit litigations', true),
  r('LitigationDelete', 'Litigation', 'Delete litigations and notices', true),

  r('ReportsView', 'Reports', 'Reports'),
  r('ReportsExport', 'Reports', 'Export reports'),
  r('ReportAuditTrail', 'Reports', 'Audit trail report'),
  r('ReportRoleRights', 'Reports', 'Role rights report'),
  r('ReportAuthentication', 'Reports', 'Authentication report'),
  r('ReportUserActivity', 'Reports', 'User activity report'),
  r('ReportBilling', 'Reports', 'Billing transaction report'),
  r('ReportReturnFiling', 'Reports', 'Return filing summary report'),
  r('ReportLedgers', 'Reports', 'Electronic ledger reports'),
  r('ReportContingentLiability', 'Reports', 'Contingent liability report', true),
  r('ReportGstAssessment', 'Reports', 'GST assessment report', true),

  r('MastersView', 'Masters', 'Masters'),
  r('MasterSeries', 'Masters', 'Series and allocate series'),
  r('MasterHsnSac', 'Masters', 'HSN/SAC master'),
  r('MasterIpAddresses', 'Masters', 'IP addresses'),
  r('MasterBusinessPartners', 'Masters', 'Business partners (vendors)'),
  r('MasterEmailTemplates', 'Masters', 'E-mail templates'),
  r('MasterNotificationReply', 'Masters', 'Notification reply master'),
  r('MasterChartOfAccounts', 'Masters', 'Chart of accounts, levels, tags and verticals'),
  r('MasterDataMapper', 'Masters', 'Data mapper'),

  r('SettingsGeneral', 'Settings', 'General settings'),
  r('SettingsSecurity', 'Settings', 'Password policy, two-factor and sessions'),
  r('SettingsReconciliation', 'Settings', 'Reconciliation tolerances'),
  r('SettingsImport', 'Settings', 'Import validations'),
  r('SettingsNotifications', 'Settings', 'Notification preferences'),
  r('SettingsDocuments', 'Settings', 'Document and auto-compute settings'),

  r('GeneralLedgerView', 'GeneralLedger', 'General ledger'),
  r('GeneralLedgerReconciliation', 'GeneralLedger', 'General ledger reconciliation'),

  r('DataActivitiesPush', 'DataActivities', 'Data pushed to the tax portal'),
  r('DataActivitiesSync', 'DataActivities', 'Data synced from the tax portal'),
  r('DataActivitiesCallbacks', 'DataActivities', 'Failed callbacks'),

  r('AdminMailOutbox', 'Administration', 'Read the mail outbox'),
  r('AdminMaintenance', 'Administration', 'Switch maintenance mode'),
] as const satisfies readonly RightDefinition[];

export type RightId = (typeof RIGHTS)[number]['id'];
export const RIGHT_IDS: readonly RightId[] = RIGHTS.map((right) => right.id);
export const isRightId = (value: string): value is RightId => (RIGHT_IDS as readonly string[]).includes(value);
