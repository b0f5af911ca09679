export * from './gstin';
export * from './pan';
export * from './tan';
export * from './states';
