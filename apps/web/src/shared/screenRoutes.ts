import type { RouteName } from '@opengst/contracts';

// The routes whose screens are built so far: only these are registered, every other path of the route table is a
// 404. app/screens.ts maps each to its screen (the compiler keeps the two lists equal); the names live here so the
// shell and the features can ask whether a route exists without importing the screens.
export const SCREEN_ROUTES = [
  'Login',
  'LoginResponse',
  'ForgotPassword',
  'ResetPassword',
  'ChangePassword',
  'Logout',
  'Redirect',
  'Home',
  'WebsitePolicy',
  'TermsConditions',
  'PrivacyPolicy',
  'HsnCodesMaster',
  'NotFound',
  'UnauthorizedAccess',
  'Error400',
  'UnderMaintenance',
  'NoLocation',
  'NoRightsAssigned',
  'Statistics',
  'ReconciliationList',
  'MailOutbox',
  'Entities',
  'Branches',
  'Departments',
  'Users',
  'Roles',
  'AddRole',
  'EditRole',
  'AuditTrailReport',
  'Settings',
  'Import',
  'ImportDocumentError',
  'ImportDocumentSummaryError',
  'ImportVendorError',
  'ImportHsnSacError',
  'ImportEntitiesError',
  'RegularSales',
  'RegularPurchase',
  'RegularReturnsList',
  'RegularOverview',
  'Gstr1',
  'Gstr1a',
  'Gstr3b',
  'CreateDocument',
  'AddDraftDocument',
  'EditDraftDocument',
  'EditDocument',
  'DraftDocument',
  'DataActivities',
  'Gstr2aReconciliation',
  'InvoiceManagementSystem',
] as const satisfies readonly RouteName[];

export type ScreenRouteName = (typeof SCREEN_ROUTES)[number];

const screenRoutes = new Set<string>(SCREEN_ROUTES);
export const hasScreen = (name: string): name is ScreenRouteName => screenRoutes.has(name);
