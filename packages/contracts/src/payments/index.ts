export * from './payments.schemas';
export * from './payments.endpoints';
export * from './payments.text';
