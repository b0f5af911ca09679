export * from './hold';
