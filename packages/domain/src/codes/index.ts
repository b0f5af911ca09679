export * from './uqc';
export * from './currencies';
export * from './ports';
export * from './document-types';
export * from './supply-types';
export * from './taxpayer-types';
export * from './ewaybill-codes';
export * from './limits';
