export * from './deadlines';
export * from './pre-deposit';
