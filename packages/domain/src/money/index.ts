export * from './amount';
export * from './rounding';
