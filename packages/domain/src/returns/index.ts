export * from './return-forms';
export * from './return-deadline';
export * from './corrections';
export * from './gstr2b-window';
