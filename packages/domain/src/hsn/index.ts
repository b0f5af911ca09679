export * from './hsn';
export * from './hsn-directory';
