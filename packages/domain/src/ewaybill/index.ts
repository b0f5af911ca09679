export * from './validity';
