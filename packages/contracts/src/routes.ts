import type { RightId } from './rights';

// The route table of the whole product (spec core §2 and modules §2): path, title, module, rights (any one
// suffices), entity-scoped flag and knowledge-base right. The web router, its navigation guard and the sidebar
// all read this table. The web app registers only the routes whose screens exist; any other path is a 404.

export type RouteLayout = 'default' | 'public' | 'login' | 'home' | 'empty';

export type RouteDefinition = {
  readonly name: string;
  readonly path: string;
  readonly title: string;
  readonly module: string;
  readonly rights: readonly RightId[];
  readonly requiresAuth: boolean;
  readonly entityScoped: boolean;
  readonly layout: RouteLayout;
  readonly kbRight?: RightId;
  /** Public routes that first load login metadata and pre-login resources (spec core §2 "Navigation guard"). */
  readonly preResources?: boolean;
};

type Options = Partial<Pick<RouteDefinition, 'entityScoped' | 'layout' | 'kbRight' | 'preResources'>>;

const auth = (
  name: string,
  path: string,
  title: string,
  module: string,
  rights: readonly RightId[],
  options: Options = {},
): RouteDefinition => ({
  name,
  path,
  title,
  module,
  rights,
  requiresAuth: true,
  entityScoped: options.entityScoped ?? false,
  layout: options.layout ?? 'default',
  ...(options.kbRight ? { kbRight: options.kbRight } : {}),
});

const open = (
  name: string,
  path: string,
  title: string,
  layout: RouteLayout,
  preResources = false,
  module = 'Public',
): RouteDefinition => ({
  name,
  path,
  title,
  module,
  rights: [],
  requiresAuth: false,
  entityScoped: false,
  layout,
  ...(preResources ? { preResources } : {}),
});
/** Sign-in, sign-out and the redirects that end in a session: the auth module. */
const signIn = (name: string, path: string, title: string, layout: RouteLayout, preResources = false): RouteDefinition =>
  open(name, path, title, layout, preResources, 'Auth');

const scoped = { entityScoped: true } as const;

export const ROUTES = [
  // Sign-in and public routes (no login)
  signIn('Login', '/login', 'Login', 'login', true),
  signIn('LoginResponse', '/loginResponse', 'Login', 'login', true),
  signIn('ForgotPassword', '/forgot-password', 'Forgot Password', 'login', true),
  signIn('ResetPassword', '/reset-password', 'Reset Password', 'login', true),
  signIn('ChangePassword', '/login-change-password', 'Change Password', 'login', true),
  signIn('Validate', '/validate', 'Login', 'login'),
  open('WebsitePolicy', '/website-policy', 'Website Policy', 'public', true),
  open('TermsConditions', '/terms-conditions', 'Terms & Conditions', 'public', true),
  open('PrivacyPolicy', '/privacy-policy', 'Privacy Policy', 'public', true),
  open('HsnCodesMaster', '/hsn-codes-master', 'HSN/SAC Codes', 'public', true),
  open('PublicLatestUpdates', '/public-latest-updates', 'Latest Updates', 'public', true),
  open('Home', '/home', 'Home', 'home', true),
  open('NotificationReply', '/notification-reply', 'Notification Reply', 'empty', true),
  open('ShortUrl', '/t/:shortUrl', 'Notification Reply', 'empty', true),
  open('CrnNotificationReply', '/crn-notification-reply', 'Credit Notes u/s Section 15(3) Declaration', 'empty', true),
  open('SalesNotificationReply', '/sales-notification-reply', 'Notification Reply', 'empty', true),
  open('UnauthorizedAccess', '/unauthorized-access', 'Unauthorized Access', 'public', true),
  open('NotFound', '/404', 'Page Not Found', 'public', true),
  open('Error400', '/error-400', 'Bad Request', 'public', true),
  signIn('Redirect', '/redirect', 'Redirect', 'public'),
  open('UnderMaintenance', '/under-maintenance', 'Under Maintenance', 'public', true),
  signIn('Initialize', '/initialize', 'Initialize', 'public'),
  signIn('PortalRedirect', '/portal-redirect', 'Portal Redirect', 'public'),
  // The e-invoicing portal of IRP mode (spec core §1): public to the product, signed in with the portal's own session.
  open('IrpPortalLogin', '/irp-portal/login', 'E-Invoice Registration Portal', 'empty', true, 'IrpPortal'),
  open('IrpPortal', '/irp-portal', 'E-Invoices', 'empty', true, 'IrpPortal'),
  open('IrpPortalApiRegistration', '/irp-portal/api-registration', 'API Registration', 'empty', true, 'IrpPortal'),
  signIn('DataMapperRedirect', '/ap/redirect', 'Redirect', 'public'),
  signIn('Logout', '/logout', 'Logout', 'public'),
  auth('NoLocation', '/no-location', 'No Location', 'Shell', []),
  auth('NoRightsAssigned', '/no-rights-assigned', 'No Rights Assigned', 'Shell', []),

  // Dashboard
  auth('Statistics', '/quick-access-and-statistics', 'Quick Access & Statistics', 'Dashboard', [
    'DashboardStatistics',
    'DashboardBusinessIntelligence',
    'DashboardCfo',
    'DashboardItcInsights',
  ]),
  auth(
    'BusinessIntelligenceDashboard',
    '/business-intelligence-dashboard',
    'Business Intelligence Dashboard',
    'Dashboard',
    ['DashboardBusinessIntelligence'],
    scoped,
  ),
  auth('CfoDashboard', '/cfo-dashboard', 'CFO Dashboard', 'Dashboard', ['DashboardCfo'], scoped),
  auth(
    'ItcInsightsDashboard',
    '/itc-insights-decision-dashboard',
    'ITC Insights Decision Dashboard',
    'Dashboard',
    ['DashboardItcInsights'],
    scoped,
  ),
  auth('LitigationDashboard', '/litigation-dashboard', 'Litigation Dashboard', 'Dashboard', ['DashboardLitigation'], scoped),
  auth('ReconciliationList', '/reconciliation-list', 'Reconciliations', 'Dashboard', ['Gstr2aReconciliation'], scoped),
  auth('UploadList', '/upload-list', 'Uploads', 'Dashboard', ['ImportView'], scoped),
  auth('ReturnsList', '/returns-list', 'Returns', 'Dashboard', ['ReturnsView'], scoped),
  auth('Announcements', '/announcements', 'Announcements', 'Dashboard', []),

  // Organization
  auth('Entities', '/entities', 'Entities', 'Organization', ['EntityView', 'EntityManage']),
  auth('Branches', '/branches', 'Branches', 'Organization', ['BranchView', 'BranchManage']),
  auth('Departments', '/departments', 'Departments', 'Organization', ['DepartmentView', 'DepartmentManage']),
  auth('Users', '/users', 'Users', 'Organization', ['UserView', 'UserManage']),
  auth('Roles', '/roles', 'Roles', 'Organization', ['RoleView']),
  auth('AddRole', '/add-role', 'Add Role', 'Organization', ['RoleAdd']),
  auth('EditRole', '/edit-role', 'Edit Role', 'Organization', ['RoleEdit']),

  // Import
  auth('Import', '/import', 'Import', 'Import', ['ImportView'], scoped),
  ...(
    [
      ['ImportDocumentSummaryError', '/import-document-summary-error', 'Import Document Summary Errors'],
      ['ImportDocumentError', '/import-document-error', 'Import Document Errors'],
      ['ImportDocumentActionError', '/import-document-action-error', 'Import Document Action Errors'],
      ['ImportVendorError', '/import-vendor-error', 'Import Vendor Errors'],
      ['ImportHsnSacError', '/import-hsn-sac-error', 'Import HSN/SAC Errors'],
      ['ImportEntitiesError', '/import-entities-error', 'Import Entities Errors'],
      ['ImportGstinPanReturnFilingError', '/import-gstin-pan-return-filing-error', 'Import GSTIN/PAN Return Filing Errors'],
      ['ImportDocumentReconciliationError', '/import-document-reconciliation-error', 'Import Document Reconciliation Errors'],
      ['ImportGeneralLedgerError', '/import-general-ledger-error', 'Import General Ledger Errors'],
      ['ImportChartOfAccountsError', '/import-chart-of-accounts-error', 'Import Chart of Accounts Errors'],
      ['ImportNoticesError', '/import-notices-error', 'Import Notices Errors'],
      // Not in the spec's list: the error screen of the document number series' import (issue 20).
      ['ImportSeriesError', '/import-series-error', 'Import Series Errors'],
      // Not in the spec's list: the error screen of the levels', verticals', notice tags' and IP addresses' imports (issue 20).
      ['ImportMasterError', '/import-master-error', 'Import Master Errors'],
    ] as const
  ).map(([name, path, title]) => auth(name, path, title, 'Import', ['ImportView'], scoped)),

  // Documents
  auth('CreateDocument', '/create-document', 'Create Document', 'Documents', ['DocumentCreate'], scoped),
  auth('DraftDocument', '/draft-document', 'Draft Documents', 'Documents', ['DocumentDraft'], scoped),
  auth('AddDraftDocument', '/add-draft-document', 'Add Draft Document', 'Documents', ['DocumentDraft'], scoped),
  auth('EditDraftDocument', '/edit-draft-document', 'Edit Draft Document', 'Documents', ['DocumentDraft'], scoped),
  auth('EditDocument', '/edit-document', 'Edit Document', 'Documents', ['DocumentEdit'], scoped),

  // E-invoice and e-way bill
  auth('EInvoice', '/e-invoice', 'E-Invoice', 'EInvoice', ['EInvoiceView', 'EInvoiceGenerate'], scoped),
  auth('EInvoicePdfQr', '/einvoice-via-pdf-qrcode', 'E-Invoice via PDF/QR Code', 'EInvoice', ['EInvoicePdfQr'], scoped),
  auth('EWayBill', '/e-way-bill', 'E-Way Bill', 'EWayBill', ['EWayBillView', 'EWayBillGenerate'], scoped),
  auth('ConsolidatedEwayBill', '/consolidated-eway-bill', 'Consolidated E-Way Bill', 'EWayBill', ['ConsolidatedEWayBill'], scoped),

  // Regular returns
  auth('RegularReturnsList', '/regular-returns-list', 'Regular Returns', 'Returns', ['ReturnsView'], scoped),
  auth('RegularOverview', '/regular-overview', 'Overview', 'Returns', ['ReturnsView'], scoped),
  auth('GstChallanPay', '/gst-challan-pay', 'GST Challan Payment', 'Returns', ['GstChallan'], scoped),
  auth('RegularPurchase', '/regular-purchase', 'Purchase', 'Returns', ['PurchaseView'], scoped),
  auth('RegularSales', '/regular-sales', 'Sales', 'Returns', ['SalesView'], scoped),
  auth('Gstr1', '/gstr-1', 'GSTR-1', 'Returns', ['Gstr1Prepare', 'Gstr1File'], scoped),
  auth('Gstr1a', '/gstr-1a', 'GSTR-1A', 'Returns', ['Gstr1Prepare', 'Gstr1File'], scoped),
  auth('Gstr2x', '/gstr-2x', 'GSTR-2X', 'Returns', ['Gstr2x'], scoped),
  auth('Gstr3b', '/gstr-3b', 'GSTR-3B', 'Returns', ['Gstr3bPrepare', 'Gstr3bFile'], scoped),
  auth('Itc04', '/itc-04', 'ITC-04', 'Returns', ['Itc04'], scoped),
  auth('Gstr9', '/gstr-9', 'GSTR-9', 'Returns', ['Gstr9'], scoped),
  auth('Gstr9Summary', '/gstr-9-summary', 'GSTR-9 Summary', 'Returns', ['Gstr9'], scoped),
  auth('Gstr9c', '/gstr-9c', 'GSTR-9C', 'Returns', ['Gstr9'], scoped),
  auth('Gstr9cSummary', '/gstr-9c-summary', 'GSTR-9C Summary', 'Returns', ['Gstr9'], scoped),
  auth('Gstr2aReconciliation', '/gstr-2a-reconciliation', 'GSTR-2A/2B Reconciliation', 'Reconciliation', ['Gstr2aReconciliation'], scoped),
  auth('Gstr2xReconciliation', '/gstr-2x-reconciliation', 'GSTR-2X Reconciliation', 'Reconciliation', ['Gstr2xReconciliation'], scoped),
  auth('JobWork', '/job-work', 'Job Work', 'Returns', ['JobWork'], scoped),
  auth('Drc01b', '/drc-01b', 'DRC-01B', 'Returns', ['Drc01'], scoped),
  auth('Drc01c', '/drc-01c', 'DRC-01C', 'Returns', ['Drc01'], scoped),
  auth('Drc01bView', '/drc-01b-view', 'DRC-01B', 'Returns', ['Drc01'], scoped),
  auth('Drc01cView', '/drc-01c-view', 'DRC-01C', 'Returns', ['Drc01'], scoped),
  auth('InitiatePayment', '/initiate-payment', 'Vendor Payment', 'Returns', ['VendorPayment'], { layout: 'empty' }),
  auth('InitiatePaymentInvoice', '/initiate-payment-invoice', 'Payment Tax Invoice', 'Returns', ['VendorPayment'], { layout: 'empty' }),
  auth('PayInitiatePayment', '/pay-initiate-payment', 'Pay', 'Returns', ['VendorPayment']),
  auth('GstChallans', '/gst-challans', 'GST Challans', 'Returns', ['GstChallan'], scoped),
  auth('GstChallanPaymentProcess', '/gst-challan-payment-process', 'GST Challan Payment', 'Returns', ['GstChallan'], { layout: 'empty' }),
  auth(
    'InvoiceManagementSystem',
    '/invoice-management-system',
    'Invoice Management System',
    'Reconciliation',
    ['InvoiceManagementSystem'],
    scoped,
  ),

  // ISD, TDS, TCS
  auth('IsdReturnsList', '/isd-returns-list', 'ISD Returns', 'Isd', ['IsdReturns'], scoped),
  auth('Gstr6aReconciliation', '/gstr-6a-reconciliation', 'GSTR-6A Reconciliation', 'Isd', ['Gstr6aReconciliation'], scoped),
  auth('IsdDocuments', '/isd-documents', 'ISD Documents', 'Isd', ['IsdReturns'], scoped),
  auth('IsdOverview', '/isd-overview', 'ISD Overview', 'Isd', ['IsdReturns'], scoped),
  auth('IsdReturns', '/isd-returns', 'ISD Returns', 'Isd', ['IsdReturns'], scoped),
  auth('Gstr6', '/gstr-6', 'GSTR-6', 'Isd', ['IsdReturns', 'Gstr6File'], scoped),
  auth('TcsReturnsList', '/tcs-returns-list', 'GST', 'Tcs', ['TcsReturns'], scoped),
  auth('TcsOverview', '/tcs-overview', 'TCS Overview', 'Tcs', ['TcsReturns'], scoped),
  auth('TcsDocuments', '/tcs-documents', 'TCS Documents', 'Tcs', ['TcsReturns', 'Gstr8File'], scoped),
  auth('TcsReturns', '/tcs-returns', 'TCS Returns', 'Tcs', ['TcsReturns'], scoped),
  auth('Gstr8', '/gstr-8', 'GSTR-8', 'Tcs', ['Gstr8File'], scoped),
  auth('TdsReturnsList', '/tds-returns-list', 'TDS Returns', 'Tds', ['TdsReturns'], scoped),
  auth('TdsOverview', '/tds-overview', 'TDS Overview', 'Tds', ['TdsReturns'], scoped),
  auth('TdsDocuments', '/tds-documents', 'TDS Documents', 'Tds', ['TdsReturns', 'Gstr7File'], scoped),
  auth('TdsReturns', '/tds-returns', 'TDS Returns', 'Tds', ['TdsReturns'], scoped),
  auth('Gstr7', '/gstr-7', 'GSTR-7', 'Tds', ['Gstr7File'], scoped),

  // Other GST routes
  auth('SearchTaxpayer', '/search-taxpayer', 'Search Taxpayer', 'Returns', ['SearchTaxpayer']),
  auth('Notifications', '/notifications', 'Notifications', 'Returns', ['Notifications', 'NotificationsSend'], scoped),
  auth('LitigationManagement', '/litigation-management', 'Litigation Management', 'Litigation', ['LitigationManagement'], scoped),
  auth('CreateLitigation', '/create-litigation', 'Create Litigation', 'Litigation', ['LitigationEdit'], scoped),
  auth('EditLitigation', '/edit-litigation', 'Edit Litigation', 'Litigation', ['LitigationEdit'], scoped),
  auth('BulkReturnFiling', '/bulk-return-filing', 'Bulk Return Filing', 'Returns', ['BulkReturnFiling'], scoped),

  // Data activities
  auth(
    'DataActivities',
    '/data-activities',
    'Data Activities',
    'DataActivities',
    ['DataActivitiesPush', 'DataActivitiesSync', 'DataActivitiesCallbacks'],
    scoped,
  ),

  // Reports (modules §2.1)
  auth('Reports', '/reports', 'Reports', 'Reports', ['ReportsView']),
  auth('AuditTrailReport', '/audit-trail-report', 'Audit Trail Report', 'Reports', ['ReportAuditTrail']),
  auth('RoleRightsReport', '/role-rights-report', 'Role Rights Report', 'Reports', ['ReportRoleRights']),
  auth('AuthenticationReport', '/authentication-report', 'Authentication Report', 'Reports', ['ReportAuthentication']),
  auth('UserActivityReport', '/user-activity-report', 'User Activity Report', 'Reports', ['ReportUserActivity']),
  auth('BillingTransactionReport', '/billing-transaction-report', 'Billing Transaction Report', 'Reports', ['ReportBilling']),
  auth(
    'ReturnFilingSummaryReport',
    '/return-filing-summary-report',
    'Return Filing Summary Report',
    'Reports',
    ['ReportReturnFiling'],
    scoped,
  ),
  auth('ElectronicLedgerReport', '/electronic-ledger-report', 'Electronic Ledger Report', 'Reports', ['ReportLedgers'], scoped),
  auth(
    'ContingentLiabilityReport',
    '/contingent-liability-report',
    'Contingent Liability Report',
    'Reports',
    ['ReportContingentLiability'],
    scoped,
  ),
  auth('GstAssessmentReport', '/gst-assessment-report', 'GST Assessment Report', 'Reports', ['ReportGstAssessment'], scoped),
  auth(
    'ElectronicCreditReversalReclaimStatement',
    '/electronic-credit-reversal-reclaim-statement',
    'Electronic Credit Reversal and Re-claimed Statement',
    'Reports',
    ['ReportLedgers'],
    scoped,
  ),

  // Masters and settings (modules §2.5)
  auth('Masters', '/masters', 'Masters', 'Masters', [
    'MastersView',
    'MasterSeries',
    'MasterHsnSac',
    'MasterIpAddresses',
    'MasterBusinessPartners',
    'MasterEmailTemplates',
    'MasterNotificationReply',
    'MasterChartOfAccounts',
  ]),
  auth('Series', '/series', 'Series', 'Masters', ['MasterSeries']),
  auth('AllocateSeries', '/allocate-series', 'Allocate Series', 'Masters', ['MasterSeries']),
  auth('HsnSac', '/hsn-sac', 'HSN/SAC', 'Masters', ['MasterHsnSac']),
  auth('IpAddresses', '/ip-addresses', 'IP Addresses', 'Masters', ['MasterIpAddresses']),
  auth('BusinessPartners', '/business-partners', 'Business Partners', 'Masters', ['MasterBusinessPartners']),
  auth('Settings', '/settings', 'Settings', 'Settings', [
    'SettingsGeneral',
    'SettingsSecurity',
    'SettingsReconciliation',
    'SettingsImport',
    'SettingsNotifications',
    'SettingsDocuments',
    'AdminMailOutbox',
    'AdminMaintenance',
    'MasterEmailTemplates',
    'MasterNotificationReply',
    'MasterSeries',
    'MasterIpAddresses',
    'MasterDataMapper',
  ]),
  auth('EmailTemplates', '/email-templates', 'E-mail Templates', 'Masters', ['MasterEmailTemplates']),
  auth('EditEmailTemplate', '/edit-email-template', 'Edit E-mail Template', 'Masters', ['MasterEmailTemplates']),
  auth('NotificationReplyMaster', '/notification-reply-master', 'Notification Reply Master', 'Masters', ['MasterNotificationReply']),
  auth('ChartOfAccounts', '/chart-of-accounts', 'Chart of Accounts', 'Masters', ['MasterChartOfAccounts']),
  auth('LevelMaster', '/level-master', 'Level Master', 'Masters', ['MasterChartOfAccounts']),
  auth('NoticeTag', '/notice-tag', 'Notice Tag', 'Masters', ['MasterChartOfAccounts']),
  auth('Verticals', '/verticals', 'Verticals', 'Masters', ['MasterChartOfAccounts']),
  auth('ManageConsultants', '/manage-consultants', 'Manage Consultants', 'Masters', ['MastersView']),
  auth('DataMapper', '/data-mapper', 'Data Mapper', 'Masters', ['MasterDataMapper']),
  auth('MailOutbox', '/mail-outbox', 'Mail Outbox', 'Administration', ['AdminMailOutbox']),
  // Installation-wide, like maintenance and installation settings: only the installation's own subscriber holds AdminMaintenance.
  auth('ManageAnnouncements', '/manage-announcements', 'Manage Announcements', 'Administration', ['AdminMaintenance']),

  // General ledger (modules §2.6)
  auth('GeneralLedger', '/general-ledger', 'General Ledger', 'GeneralLedger', ['GeneralLedgerView'], scoped),
  auth('GlReconciliation', '/gl-reconciliation', 'General Ledger Reconciliation', 'GeneralLedger', ['GeneralLedgerReconciliation'], scoped),
] as const satisfies readonly RouteDefinition[];

export type RouteName = (typeof ROUTES)[number]['name'];

const byName = new Map<string, RouteDefinition>(ROUTES.map((route) => [route.name, route]));
export const routeByName = (name: RouteName): RouteDefinition => byName.get(name)!;

/** The home route after sign-in (spec core §2: /quick-access-and-statistics, also reached at /). */
export const HOME_ROUTE: RouteName = 'Statistics';

/** The folder of a route-table module at every layer (contracts, server, web): kebab-case, 'DataActivities' -> 'data-activities'. */
export const moduleFolder = (module: string): string => module.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
