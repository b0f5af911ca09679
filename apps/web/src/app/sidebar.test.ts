import { describe, expect, it } from 'vitest';
import { routeByName, SIDEBAR } from '@opengst/contracts';
import type { ScreenRouteName } from '../shared/screenRoutes';
import { SCREENS } from './screens';

// Every built screen a user works in is reachable from the sidebar (spec core §2 "Shell"); the others say how they
// are reached, so a new screen that is neither fails here instead of being found only through a link.
const REACHED_OTHERWISE: Partial<Record<ScreenRouteName, string>> = {
  Login: 'signing in',
  LoginResponse: 'signing in',
  ForgotPassword: 'the sign-in page',
  ResetPassword: 'the link sent by mail',
  ChangePassword: 'the user menu, or an expired password',
  Logout: 'the user menu',
  Redirect: 'single sign-on',
  Home: 'the public site',
  WebsitePolicy: 'the public footer',
  TermsConditions: 'the public footer',
  PrivacyPolicy: 'the public footer',
  NotFound: 'an unknown address',
  UnauthorizedAccess: 'a refused request',
  Error400: 'a bad request',
  NotificationReply: "a notification's mailed link",
  CrnNotificationReply: "a credit-note declaration's mailed link",
  SalesNotificationReply: "a sales notification's mailed link",
  ShortUrl: "a notification mail's short link",
  NoLocation: 'a user without locations',
  NoRightsAssigned: 'a user without rights',
  UnderMaintenance: 'maintenance mode',
  MailOutbox: 'the user menu (administrators)',
  ManageAnnouncements: "the user menu (the installation's administrators)",
  Settings: 'the user menu',
  Masters: 'the user menu',
  Series: 'the Masters hub',
  AllocateSeries: 'the Masters hub',
  IpAddresses: 'the Masters hub',
  HsnSac: 'the Masters hub',
  DataMapper: 'the Masters hub',
  DataMapperRedirect: 'a link from an accounting package (/ap/redirect)',
  Initialize: 'a link from another system (/initialize?request=)',
  PortalRedirect: "the switch to the e-invoicing portal (einvoice/irpSwitch's URL)",
  IrpPortalLogin: "the e-invoicing portal's own sign-in",
  IrpPortal: "the e-invoicing portal's own navigation",
  IrpPortalApiRegistration: "the e-invoicing portal's own navigation",
  ChartOfAccounts: 'the Masters hub',
  BusinessPartners: 'the Masters hub',
  LevelMaster: 'the Masters hub',
  ManageConsultants: 'the Masters hub',
  Verticals: 'the Masters hub',
  NoticeTag: 'the Masters hub',
  CreateLitigation: 'the Litigation Management list (Add notice)',
  EditLitigation: 'a notice of the Litigation Management list',
  AddRole: 'the Roles screen',
  EditRole: 'the Roles screen',
  ImportDocumentError: 'an import with errors',
  ImportDocumentSummaryError: 'an import with errors',
  ImportVendorError: 'an import with errors',
  ImportHsnSacError: 'an import with errors',
  ImportEntitiesError: 'an import with errors',
  ImportSeriesError: 'an import with errors',
  ImportMasterError: 'an import with errors',
  ImportChartOfAccountsError: 'an import with errors',
  ImportNoticesError: 'an import with errors',
  AddDraftDocument: 'the Draft Documents screen',
  EditDraftDocument: 'the Draft Documents screen',
  EditDocument: 'a register row',
  RegularOverview: 'the Regular Returns list',
  Gstr1: 'the Regular Returns list',
  Gstr1a: 'the Regular Returns list',
  Gstr2aReconciliation: 'the Purchase Reconciliation list (/reconciliation-list)',
  GstChallanPaymentProcess: 'the GST Challans screen',
  GstChallanPay: 'a challan of the GST Challans screen (direct access)',
  Drc01bView: 'an intimation of the DRC-01B list',
  Drc01cView: 'an intimation of the DRC-01C list',
  ElectronicLedgerReport: 'the GST Challans screen',
  ElectronicCreditReversalReclaimStatement: 'the GST Challans screen',
  Gstr3b: 'the Regular Returns list',
  HsnCodesMaster: 'the home page',
  PublicLatestUpdates: "the home page's announcement bell",
  Announcements: "the header's announcement bell",
  InitiatePaymentInvoice: "a supplier's Pay link on the reconciliation's vendor tab",
  InitiatePayment: 'the Payment Tax Invoice screen',
  PayInitiatePayment: 'the Vendor Payment and Payment Tax Invoice screens',
};

const sidebarRoutes = new Set(SIDEBAR.flatMap((item) => [item.route, ...(item.children ?? []).map((child) => child.route)]));

describe('the sidebar and the route table agree', () => {
  it('puts every built screen in the sidebar, or says how it is reached', () => {
    const unreachable = (Object.keys(SCREENS) as ScreenRouteName[]).filter((name) => !sidebarRoutes.has(name) && !REACHED_OTHERWISE[name]);
    expect(unreachable).toEqual([]);
  });

  it('lists no screen both ways, and each sidebar entry is a route of the table', () => {
    expect(Object.keys(REACHED_OTHERWISE).filter((name) => sidebarRoutes.has(name as ScreenRouteName))).toEqual([]);
    for (const route of sidebarRoutes) if (route) expect(routeByName(route).name).toBe(route);
  });

  it('has the sales and purchase registers under GST Returns', () => {
    const returns = SIDEBAR.find((item) => item.key === 'gstReturns')?.children?.map((child) => child.route);
    expect(returns).toEqual(expect.arrayContaining(['RegularSales', 'RegularPurchase']));
  });
});
