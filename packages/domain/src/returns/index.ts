export * from './return-forms';
export * from './gstr2b-window';
