export * from './set-off';
export * from './interest';
export * from './late-fee';
