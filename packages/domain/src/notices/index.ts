export * from './deadlines';
export * from './pre-deposit';
export * from './register';
export * from './drc03';
export * from './waiver-128a';
