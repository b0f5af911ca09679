export * from './msme';
export * from './tds-sections';
export * from './partner-identity';
