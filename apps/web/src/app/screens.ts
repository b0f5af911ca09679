import { createElement, type ComponentType } from 'react';
import type { ScreenRouteName } from '../shared/screenRoutes';

// The screen of each registered route, under features/<the folder of its route's module> (screens.test.ts checks
// the place). Each screen is its own chunk, so the sign-in page loads none of the application's screens.
type ScreenLoader = () => Promise<ComponentType>;

/**
 * /gstr-2a-reconciliation's auto data download summary tab is the inward data's component (features/returns/inward);
 * no feature imports another, so the composition root hands it in, loaded with the screen.
 */
const withAutoDownloadSummary = async (screen: typeof import('../features/reconciliation/Gstr2aReconciliationScreen')) => {
  const inward = await import('../features/returns/inward');
  const Screen = screen.Gstr2aReconciliationScreen;
  return () => createElement(Screen, { autoDownloadSummary: inward.AutoDownloadSummary });
};

/**
 * /invoice-management-system needs a GST portal session per GSTIN: the returns feature's session card (which also says
 * when the portal is the project's sandbox) is handed in the same way.
 */
const withPortalSession = async (screen: typeof import('../features/reconciliation/ims/InvoiceManagementSystemScreen')) => {
  const portal = await import('../features/returns/PortalSessionCard');
  const Screen = screen.InvoiceManagementSystemScreen;
  return () => createElement(Screen, { portalSession: portal.PortalSessionCard });
};

/**
 * The challan and electronic ledger screens talk to the GST portal over the GSTIN's session (the OTP step): the returns
 * feature's session card is handed in the same way.
 */
const withCard =
  <M>(screenOf: (m: M) => ComponentType<{ portalSession?: ComponentType<{ entityId: number }> | undefined }>) =>
  async (m: M) => {
    const portal = await import('../features/returns/PortalSessionCard');
    const Screen = screenOf(m);
    return () => createElement(Screen, { portalSession: portal.PortalSessionCard });
  };

/** A saved document offers Generate IRN and Generate e-way bill: the features' actions are handed to the document screen. */
const withEinvoiceAction = async (screen: typeof import('../features/documents/DocumentScreen')) => {
  const einvoice = await import('../features/einvoice/EinvoiceDocumentAction');
  const ewaybill = await import('../features/eway-bill/EwaybillDocumentAction');
  const Screen = screen.DocumentScreen;
  return () => createElement(Screen, { einvoiceAction: einvoice.EinvoiceDocumentAction, ewaybillAction: ewaybill.EwaybillDocumentAction });
};

export const SCREENS: Record<ScreenRouteName, ScreenLoader> = {
  EInvoice: () => import('../features/einvoice/EInvoiceScreen').then((m) => m.EInvoiceScreen),
  EInvoicePdfQr: () => import('../features/einvoice/EinvoiceViaPdfQrScreen').then((m) => m.EinvoiceViaPdfQrScreen),
  EWayBill: () => import('../features/eway-bill/EWayBillScreen').then((m) => m.EWayBillScreen),
  ConsolidatedEwayBill: () => import('../features/eway-bill/ConsolidatedEwayBillScreen').then((m) => m.ConsolidatedEwayBillScreen),
  Login: () => import('../features/auth/LoginScreen').then((m) => m.LoginScreen),
  LoginResponse: () => import('../features/auth/LoginResponseScreen').then((m) => m.LoginResponseScreen),
  Initialize: () => import('../features/auth/InitializeScreen').then((m) => m.InitializeScreen),
  PortalRedirect: () => import('../features/auth/PortalRedirectScreen').then((m) => m.PortalRedirectScreen),
  IrpPortalLogin: () => import('../features/irp-portal/IrpLoginScreen').then((m) => m.IrpLoginScreen),
  IrpPortal: () => import('../features/irp-portal/IrpInvoicesScreen').then((m) => m.IrpInvoicesScreen),
  IrpPortalApiRegistration: () => import('../features/irp-portal/IrpApiRegistrationScreen').then((m) => m.IrpApiRegistrationScreen),
  ForgotPassword: () => import('../features/auth/ForgotPasswordScreen').then((m) => m.ForgotPasswordScreen),
  ResetPassword: () => import('../features/auth/ResetPasswordScreen').then((m) => m.ResetPasswordScreen),
  ChangePassword: () => import('../features/auth/ResetPasswordScreen').then((m) => m.ResetPasswordScreen),
  Logout: () => import('../features/auth/LogoutScreen').then((m) => m.LogoutScreen),
  Redirect: () => import('../features/auth/RedirectScreen').then((m) => m.RedirectScreen),
  DataMapperRedirect: () => import('../features/auth/DataMapperRedirectScreen').then((m) => m.DataMapperRedirectScreen),
  Home: () => import('../features/public/HomeScreen').then((m) => m.HomeScreen),
  WebsitePolicy: () => import('../features/public/PolicyScreens').then((m) => m.WebsitePolicyScreen),
  TermsConditions: () => import('../features/public/PolicyScreens').then((m) => m.TermsConditionsScreen),
  PrivacyPolicy: () => import('../features/public/PolicyScreens').then((m) => m.PrivacyPolicyScreen),
  HsnCodesMaster: () => import('../features/public/hsn/HsnCodesMasterScreen').then((m) => m.HsnCodesMasterScreen),
  PublicLatestUpdates: () => import('../features/public/announcements/LatestUpdatesScreen').then((m) => m.LatestUpdatesScreen),
  Announcements: () => import('../features/dashboard/AnnouncementsScreen').then((m) => m.AnnouncementsScreen),
  NotFound: () => import('../features/public/StatusScreens').then((m) => m.NotFoundScreen),
  UnauthorizedAccess: () => import('../features/public/StatusScreens').then((m) => m.UnauthorizedScreen),
  Error400: () => import('../features/public/StatusScreens').then((m) => m.Error400Screen),
  NotificationReply: () => import('../features/public/notification-reply/NotificationReplyScreen').then((m) => m.NotificationReplyScreen),
  CrnNotificationReply: () =>
    import('../features/public/notification-reply/NotificationReplyScreen').then((m) => m.CrnNotificationReplyScreen),
  SalesNotificationReply: () =>
    import('../features/public/notification-reply/NotificationReplyScreen').then((m) => m.SalesNotificationReplyScreen),
  ShortUrl: () => import('../features/public/notification-reply/ShortUrlScreen').then((m) => m.ShortUrlScreen),
  NoLocation: () => import('../features/shell/NoAccessScreens').then((m) => m.NoLocationScreen),
  NoRightsAssigned: () => import('../features/shell/NoAccessScreens').then((m) => m.NoRightsScreen),
  UnderMaintenance: () => import('../features/public/UnderMaintenanceScreen').then((m) => m.UnderMaintenanceScreen),
  Statistics: () => import('../features/dashboard/StatisticsScreen').then((m) => m.StatisticsScreen),
  ReconciliationList: () => import('../features/dashboard/ReconciliationListScreen').then((m) => m.ReconciliationListScreen),
  MailOutbox: () => import('../features/administration/MailOutboxScreen').then((m) => m.MailOutboxScreen),
  ManageAnnouncements: () => import('../features/administration/ManageAnnouncementsScreen').then((m) => m.ManageAnnouncementsScreen),
  Entities: () => import('../features/organization/EntitiesScreen').then((m) => m.EntitiesScreen),
  Branches: () => import('../features/organization/NamedRecordsScreen').then((m) => m.BranchesScreen),
  Departments: () => import('../features/organization/NamedRecordsScreen').then((m) => m.DepartmentsScreen),
  Users: () => import('../features/organization/UsersScreen').then((m) => m.UsersScreen),
  Roles: () => import('../features/organization/RolesScreen').then((m) => m.RolesScreen),
  AddRole: () => import('../features/organization/RoleEditScreen').then((m) => m.AddRoleScreen),
  EditRole: () => import('../features/organization/RoleEditScreen').then((m) => m.EditRoleScreen),
  AuditTrailReport: () => import('../features/reports/AuditTrailScreen').then((m) => m.AuditTrailScreen),
  ContingentLiabilityReport: () =>
    import('../features/reports/litigation/ContingentLiabilityReportScreen').then((m) => m.ContingentLiabilityReportScreen),
  GstAssessmentReport: () => import('../features/reports/litigation/GstAssessmentReportScreen').then((m) => m.GstAssessmentReportScreen),
  Settings: () => import('../features/settings/SettingsScreen').then((m) => m.SettingsScreen),
  Import: () => import('../features/import/ImportScreen').then((m) => m.ImportScreen),
  ImportDocumentError: () => import('../features/import/ImportErrorScreen').then((m) => m.ImportErrorScreen),
  ImportDocumentSummaryError: () => import('../features/import/ImportErrorScreen').then((m) => m.ImportErrorScreen),
  ImportVendorError: () => import('../features/import/ImportErrorScreen').then((m) => m.ImportErrorScreen),
  ImportHsnSacError: () => import('../features/import/ImportErrorScreen').then((m) => m.ImportErrorScreen),
  ImportEntitiesError: () => import('../features/import/ImportErrorScreen').then((m) => m.ImportErrorScreen),
  ImportSeriesError: () => import('../features/import/ImportErrorScreen').then((m) => m.ImportErrorScreen),
  ImportMasterError: () => import('../features/import/ImportErrorScreen').then((m) => m.ImportErrorScreen),
  ImportChartOfAccountsError: () => import('../features/import/ImportErrorScreen').then((m) => m.ImportErrorScreen),
  ImportNoticesError: () => import('../features/import/ImportErrorScreen').then((m) => m.ImportErrorScreen),
  RegularSales: () => import('../features/returns/registers/RegisterScreen').then((m) => m.RegularSalesScreen),
  RegularPurchase: () => import('../features/returns/registers/RegisterScreen').then((m) => m.RegularPurchaseScreen),
  CreateDocument: () => import('../features/documents/DocumentScreen').then((m) => m.DocumentScreen),
  AddDraftDocument: () => import('../features/documents/DocumentScreen').then((m) => m.DocumentScreen),
  EditDraftDocument: () => import('../features/documents/DocumentScreen').then((m) => m.DocumentScreen),
  EditDocument: () => import('../features/documents/DocumentScreen').then(withEinvoiceAction),
  DraftDocument: () => import('../features/documents/DraftDocumentsScreen').then((m) => m.DraftDocumentsScreen),
  RegularReturnsList: () => import('../features/returns/RegularReturnsListScreen').then((m) => m.RegularReturnsListScreen),
  RegularOverview: () => import('../features/returns/RegularOverviewScreen').then((m) => m.RegularOverviewScreen),
  Gstr1: () => import('../features/returns/gstr1/Gstr1Screen').then((m) => m.Gstr1Screen),
  Gstr1a: () => import('../features/returns/gstr1/Gstr1Screen').then((m) => m.Gstr1aScreen),
  Gstr3b: () => import('../features/returns/gstr3b/Gstr3bScreen').then((m) => m.Gstr3bScreen),
  InitiatePayment: () => import('../features/returns/vendor-payment/VendorPaymentScreen').then((m) => m.VendorPaymentScreen),
  InitiatePaymentInvoice: () => import('../features/returns/vendor-payment/VendorInvoicesScreen').then((m) => m.VendorInvoicesScreen),
  PayInitiatePayment: () => import('../features/returns/vendor-payment/PayInitiatePaymentScreen').then((m) => m.PayInitiatePaymentScreen),
  Gstr2aReconciliation: () => import('../features/reconciliation/Gstr2aReconciliationScreen').then(withAutoDownloadSummary),
  InvoiceManagementSystem: () => import('../features/reconciliation/ims/InvoiceManagementSystemScreen').then(withPortalSession),
  DataActivities: () => import('../features/data-activities/DataActivitiesScreen').then((m) => m.DataActivitiesScreen),
  GstChallans: () => import('../features/returns/payments/GstChallansScreen').then((m) => m.GstChallansScreen),
  GstChallanPaymentProcess: () => import('../features/returns/payments/ChallanCreateScreen').then(withCard((m) => m.ChallanCreateScreen)),
  GstChallanPay: () => import('../features/returns/payments/GstChallanPayScreen').then(withCard((m) => m.GstChallanPayScreen)),
  Drc01b: () => import('../features/returns/drc01/Drc01ListScreen').then((m) => m.Drc01bScreen),
  Drc01c: () => import('../features/returns/drc01/Drc01ListScreen').then((m) => m.Drc01cScreen),
  Drc01bView: () => import('../features/returns/drc01/Drc01ViewScreen').then(withCard((m) => m.Drc01bViewScreen)),
  Drc01cView: () => import('../features/returns/drc01/Drc01ViewScreen').then(withCard((m) => m.Drc01cViewScreen)),
  ElectronicLedgerReport: () => import('../features/reports/ledgers/LedgerReportScreen').then(withCard((m) => m.LedgerReportScreen)),
  ElectronicCreditReversalReclaimStatement: () =>
    import('../features/reports/ledgers/LedgerReportScreen').then(withCard((m) => m.CreditReversalStatementScreen)),
  Masters: () => import('../features/masters/MastersScreen').then((m) => m.MastersScreen),
  Series: () => import('../features/masters/series/SeriesScreen').then((m) => m.SeriesScreen),
  AllocateSeries: () => import('../features/masters/series/AllocateSeriesScreen').then((m) => m.AllocateSeriesScreen),
  IpAddresses: () => import('../features/masters/ip-addresses/IpAddressesScreen').then((m) => m.IpAddressesScreen),
  LevelMaster: () => import('../features/masters/named-masters/NamedMasterScreens').then((m) => m.LevelMasterScreen),
  Verticals: () => import('../features/masters/named-masters/NamedMasterScreens').then((m) => m.VerticalsScreen),
  NoticeTag: () => import('../features/masters/named-masters/NamedMasterScreens').then((m) => m.NoticeTagScreen),
  BusinessPartners: () => import('../features/masters/business-partners/BusinessPartnersScreen').then((m) => m.BusinessPartnersScreen),
  HsnSac: () => import('../features/masters/hsn-sac/HsnSacScreen').then((m) => m.HsnSacScreen),
  DataMapper: () => import('../features/masters/data-mapper/DataMapperScreen').then((m) => m.DataMapperScreen),
  ChartOfAccounts: () => import('../features/masters/chart-of-accounts/ChartOfAccountsScreen').then((m) => m.ChartOfAccountsScreen),
  ManageConsultants: () => import('../features/masters/consultants/ConsultantsScreen').then((m) => m.ConsultantsScreen),
  LitigationManagement: () => import('../features/litigation/LitigationManagementScreen').then((m) => m.LitigationManagementScreen),
  CreateLitigation: () => import('../features/litigation/NoticeScreen').then((m) => m.NoticeScreen),
  EditLitigation: () => import('../features/litigation/NoticeScreen').then((m) => m.NoticeScreen),
  LitigationDashboard: () => import('../features/dashboard/litigation/LitigationDashboardScreen').then((m) => m.LitigationDashboardScreen),
  Notifications: () => import('../features/returns/notifications/NotificationsScreen').then((m) => m.NotificationsScreen),
};
