export * from './payment-modes';
export * from './challan';
export * from './cash-needed';
