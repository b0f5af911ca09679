export * from './einvoice.schemas';
export * from './einvoice.endpoints';
export * from './einvoice.text';
