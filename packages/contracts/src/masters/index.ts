export * from './series.schemas';
export * from './series.endpoints';
export * from './masters.text';
export * from './ip-addresses.schemas';
export * from './ip-addresses.endpoints';
export * from './ip-addresses.text';
