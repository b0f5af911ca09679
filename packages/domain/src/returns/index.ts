export * from './return-forms';
