export * from './set-off';
