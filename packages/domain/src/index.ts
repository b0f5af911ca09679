// @opengst/domain: pure GST rules, official formats and the reconciliation engine. No I/O.
export * from './reconcile/index';
export * from './identity/index';
export * from './money/index';
export * from './dates/index';
export * from './periods/index';
export * from './returns/index';
export * from './tax/index';
export * from './codes/index';
export * from './hsn/index';
export * from './documents/index';
export * from './gstr1/index';
export * from './gstr3b/index';
export * from './drc01/index';
export * from './payment/index';
export * from './vendor-payment/index';
export * from './network/index';
export * from './einvoice/index';
