export * from './rates';
export * from './supply-nature';
export * from './compute-tax';
export * from './document-taxes';
