export * from './accounts';
export * from './tree';
