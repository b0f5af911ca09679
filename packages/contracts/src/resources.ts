// UI text bundles (English). The server serves PRE_RESOURCES from `master/preResources` (before sign-in) and
// RESOURCES from `master/resources` (after sign-in); the web falls back to these copies when a key is missing.
// Keys are stable: screens refer to them, translations replace the values.

import { SHELL_TEXT } from './shell/shell.text';
import { DASHBOARD_TEXT } from './dashboard/dashboard.text';
import { ADMINISTRATION_TEXT } from './administration/administration.text';
import { ORGANIZATION_TEXT } from './organization/organization.text';
import { SETTINGS_TEXT } from './settings/settings.text';
import { REPORTS_TEXT } from './reports/reports.text';
import { LITIGATION_REPORTS_TEXT } from './reports/litigation-reports.text';
import { IMPORT_TEXT } from './import/import.text';
import { DOCUMENTS_TEXT } from './documents/documents.text';
import { RETURNS_TEXT } from './returns/returns.text';
import { DATA_ACTIVITIES_TEXT } from './data-activities/data-activities.text';
import { RECONCILIATION_TEXT } from './reconciliation/reconciliation.text';
import { GSTR3B_TEXT } from './gstr3b/gstr3b.text';
import { GSTR3B_PORTAL_TEXT } from './gstr3b/gstr3b.portal.text';
import { MASTERS_TEXT } from './masters/masters.text';
import { IP_ADDRESSES_TEXT } from './masters/ip-addresses.text';
import { CHART_OF_ACCOUNTS_TEXT } from './masters/chart-of-accounts.text';
import { HSN_SAC_TEXT } from './masters/hsn-sac.text';
import { DATA_MAPPER_TEXT } from './masters/data-mapper.text';
import { BUSINESS_PARTNERS_TEXT } from './masters/business-partners.text';
import { NAMED_MASTERS_TEXT } from './masters/named-masters.text';
import { CONSULTANTS_TEXT } from './masters/consultants.text';
import { HOME_TEXT } from './public/home.text';
import { LITIGATION_TEXT } from './litigation/notices.text';
import { NOTIFICATIONS_TEXT } from './notifications/notifications.text';
import { LITIGATION_DASHBOARD_TEXT } from './litigation/dashboard.text';
import { NOTICE_DOCUMENTS_TEXT } from './litigation/notice-documents.text';
import { NOTICE_PORTAL_SYNC_TEXT } from './litigation/notices-portal-sync.text';
import { FILES_TEXT } from './files/files.text';
import { IRP_PORTAL_TEXT } from './irp-portal/irp-portal.text';
import { EINVOICE_TEXT } from './einvoice/einvoice.text';

export const PRE_RESOURCES = {
  ...HOME_TEXT,
  // The e-invoicing portal's pages are public to the product (its own sign-in): their texts load before any login.
  ...IRP_PORTAL_TEXT,
  'login.heading': 'Sign in',
  'login.userName': 'User name',
  'login.password': 'Password',
  'login.submit': 'Sign in',
  'login.forgotPassword': 'Forgot password?',
  'login.forceRefresh': 'Sign in here and end the other session',
  'login.sso': 'Sign in with single sign-on',
  'login.metadataFailed': 'Sign-in settings could not be loaded. Check that the server is running, then reload the page.',
  'login.sessionStored': 'Signed in. Loading your workspace…',
  'otp.heading': 'Enter the one-time password',
  'otp.sentTo': 'We sent a 6-character code to {sentTo}.',
  'otp.sent': 'We sent a 6-character code to your registered e-mail address.',
  'otp.label': 'One-time password',
  'otp.verify': 'Verify',
  'otp.resend': 'Resend OTP ({n} attempts left)',
  'otp.resendPlain': 'Resend OTP',
  'otp.noResends': 'No resends left',
  'otp.attemptsLeft': '{n} verification attempts left',
  'otp.back': 'Back to login',
  'otp.locked':
    'This code can no longer be checked. Wait until the time above, or go back and reset your password by an e-mailed link (Forgot password, reset by link).',
  'captcha.verifying': 'Verifying you are human…',
  'captcha.verified': 'Verified: you are human',
  'captcha.failed': 'The human check could not be loaded.',
  'captcha.retry': 'Retry',
  'forgot.heading': 'Forgot password',
  'forgot.intro': 'Enter your user name. We will send you a reset link or a one-time password.',
  'forgot.mode': 'How do you want to reset it?',
  'forgot.modeLink': 'E-mail me a reset link',
  'forgot.modeOtp': 'E-mail me a one-time password',
  'forgot.submit': 'Continue',
  'forgot.checkEmail': 'Please check your email',
  'forgot.backToLogin': 'Back to login',
  'reset.headingReset': 'Reset password',
  'reset.headingChange': 'Change password',
  'reset.expired': 'Your password has been expired. Choose a new password to continue.',
  'reset.newPassword': 'New password',
  'reset.confirmPassword': 'Confirm password',
  'reset.buttonReset': 'Reset password',
  'reset.buttonChange': 'Change password',
  'reset.success': 'password changed successfully',
  'reset.loginAgain': 'Sign in with your new password',
  'reset.validating': 'Checking your reset link…',
  'reset.mismatch': 'The passwords do not match.',
  'reset.noToken': 'Open this page from the link in your e-mail, or start again from Forgot password.',
  'loginResponse.failed': 'Sign-in did not complete',
  'loginResponse.continue': 'Signing you in…',
  'carousel.statement':
    'OpenGST keeps your GST work in one place: import your sales and purchase registers, see them tie to your returns, reconcile your purchases against GSTR-2A, GSTR-2B and IMS, and prepare, pay and file GSTR-1 and GSTR-3B through the GST portal. E-invoices and e-way bills are being built.',
  'carousel.selfHosted': "Self-hosted and open source: your data stays on your organisation's own server.",
  'contact.heading': 'Need help signing in?',
  'contact.body': 'Your administrator manages user accounts and passwords for this installation.',
  'contact.email': '',
  'footer.copyright': '© {year} OpenGST contributors',
  'footer.websitePolicy': 'Website policy',
  'footer.terms': 'Terms & conditions',
  'footer.privacy': 'Privacy policy',
  'notFound.heading': 'Page Not Found!',
  'notFound.body': 'We are sorry, but the page you requested was not found.',
  'unauthorized.heading': 'Unauthorized Access!',
  'unauthorized.body': 'You have attempted to access a page or functionality that you are not authorized to view.',
  'maintenance.heading': 'Scheduled maintenance',
  'maintenance.body':
    'The application is under scheduled maintenance. We check every 30 seconds and will take you back as soon as it is available again.',
  'maintenance.checkNow': 'Check now',
  'maintenance.stillDown': 'Still under maintenance.',
  'error400.heading': 'Bad Request',
  'error400.body': 'The link or request you used is not valid. Check the address, or start again from the home page.',
  'common.home': 'Home',
  'common.goToLogin': 'Go to login',
  'common.show': 'Show',
  'common.hide': 'Hide',
  'common.pasteBlocked': 'Pasting is disabled for this field; please type it.',
  'http.timeout': 'Connection Timeout Error, Please try again',
  'http.error': 'Error',
  'http.warning': 'Warning',
  'http.requestId': 'Request id',
  'http.developer': 'Developer',
} as const satisfies Record<string, string>;

/** Every bundle after sign-in; each module keeps its own text beside its endpoints. Keys are unique across bundles. */
export const RESOURCES = {
  ...SHELL_TEXT,
  ...DASHBOARD_TEXT,
  ...ADMINISTRATION_TEXT,
  ...ORGANIZATION_TEXT,
  ...SETTINGS_TEXT,
  ...REPORTS_TEXT,
  ...LITIGATION_REPORTS_TEXT,
  ...IMPORT_TEXT,
  ...DOCUMENTS_TEXT,
  ...RETURNS_TEXT,
  ...DATA_ACTIVITIES_TEXT,
  ...RECONCILIATION_TEXT,
  ...GSTR3B_TEXT,
  ...GSTR3B_PORTAL_TEXT,
  ...MASTERS_TEXT,
  ...IP_ADDRESSES_TEXT,
  ...CHART_OF_ACCOUNTS_TEXT,
  ...HSN_SAC_TEXT,
  ...DATA_MAPPER_TEXT,
  ...NAMED_MASTERS_TEXT,
  ...CONSULTANTS_TEXT,
  ...BUSINESS_PARTNERS_TEXT,
  ...LITIGATION_TEXT,
  ...LITIGATION_DASHBOARD_TEXT,
  ...NOTICE_DOCUMENTS_TEXT,
  ...NOTICE_PORTAL_SYNC_TEXT,
  ...NOTIFICATIONS_TEXT,
  ...FILES_TEXT,
  ...EINVOICE_TEXT,
} as const satisfies Record<string, string>;

export type PreResourceKey = keyof typeof PRE_RESOURCES;
export type ResourceKey = keyof typeof RESOURCES;
