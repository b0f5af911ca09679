export * from './financial-year';
export * from './due-dates';
