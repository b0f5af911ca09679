export * from './vendor-payment.schemas';
export * from './vendor-payment.endpoints';
export * from './vendor-payment.text';
