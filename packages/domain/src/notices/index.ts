export * from './deadlines';
export * from './pre-deposit';
export * from './register';
