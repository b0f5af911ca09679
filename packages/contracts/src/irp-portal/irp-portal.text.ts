import type { IrpCancelReason, IrpInvoiceStatus } from './irp-portal.schemas';

// UI text of the e-invoicing portal (English). Keys are stable.

export const IRP_INVOICE_STATUS_TEXT: Readonly<Record<IrpInvoiceStatus, string>> = { ACT: 'Active', CNL: 'Cancelled' };

/** The IRP's cancel reasons (CnlRsn). */
export const IRP_CANCEL_REASON_TEXT: Readonly<Record<IrpCancelReason, string>> = {
  '1': 'Duplicate',
  '2': 'Data entry mistake',
  '3': 'Order cancelled',
  '4': 'Others',
};

export const IRP_PORTAL_TEXT = {
  'irpPortal.title': 'E-Invoice Registration Portal',
  'irpPortal.subTitle': 'Register e-invoices, and the client systems that report them',
  'irpPortal.login.gstin': 'GSTIN',
  'irpPortal.login.userName': 'E-invoice user name',
  'irpPortal.login.password': 'Password',
  'irpPortal.login.submit': 'Sign in',
  'irpPortal.switching': 'Signing you in to the e-invoicing portal…',
  'irpPortal.initializing': 'Signing you in…',
  'irpPortal.nav.einvoices': 'E-invoices',
  'irpPortal.nav.apiRegistration': 'API registration',
  'irpPortal.logout': 'Sign out',
  'irpPortal.einvoices.search': 'IRN or document number',
  'irpPortal.einvoices.status': 'Status',
  'irpPortal.einvoices.allStatuses': 'All statuses',
  'irpPortal.einvoices.apply': 'Search',
  'irpPortal.einvoices.total': '{count} e-invoices',
  'irpPortal.einvoices.empty': 'No e-invoices of this GSTIN match. IRNs generated through the API appear here.',
  'irpPortal.einvoices.irn': 'IRN',
  'irpPortal.einvoices.document': 'Document',
  'irpPortal.einvoices.ackNo': 'Ack No.',
  'irpPortal.einvoices.ackDate': 'Ack date',
  'irpPortal.einvoices.ewbNo': 'E-way bill',
  'irpPortal.einvoices.cancel': 'Cancel IRN',
  'irpPortal.einvoices.cancelWindowOver': 'The 24 hours to cancel are over: issue a credit note instead.',
  'irpPortal.einvoices.cancelWithEwb': 'An e-way bill is active on this IRN: cancel the e-way bill first.',
  'irpPortal.einvoices.reason': 'Reason',
  'irpPortal.einvoices.remarks': 'Remarks',
  'irpPortal.einvoices.confirmCancel': 'Cancel the IRN',
  'irpPortal.einvoices.cancelled': 'The IRN was cancelled.',
  'irpPortal.einvoices.loadMore': 'Load more',
  'irpPortal.clients.title': 'Client systems registered for this GSTIN',
  'irpPortal.clients.help':
    'Each system that calls the IRP API for this GSTIN (your ERP, billing software) needs its own client id and secret. Revoke a system that no longer reports e-invoices.',
  'irpPortal.clients.name': 'Client system (ERP) name',
  'irpPortal.clients.register': 'Register a client system',
  'irpPortal.clients.clientId': 'Client id',
  'irpPortal.clients.clientSecret': 'Client secret',
  'irpPortal.clients.secretOnce': 'Copy the client secret now: it is shown this once and cannot be read again.',
  'irpPortal.clients.created': 'Registered on',
  'irpPortal.clients.revoked': 'Revoked on',
  'irpPortal.clients.revoke': 'Revoke',
  'irpPortal.clients.active': 'Active',
  'irpPortal.clients.empty': 'No client system is registered for this GSTIN yet.',
  'irpPortal.clients.done': 'Done',
  'irpPortal.switch.open': 'Open the e-invoicing portal',
  'irpPortal.switch.chooseLocation': 'Choose one location with a GSTIN first.',
} as const;
