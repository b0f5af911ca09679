export * from './codes';
export * from './document-input';
export * from './thresholds';
export * from './validate-document';
export * from './classify-document';
export * from './series';
export { splitAddressLine } from './address';
