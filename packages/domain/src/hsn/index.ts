export * from './hsn';
export * from './hsn-directory';
export * from './search';
