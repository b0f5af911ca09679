export * from './threshold';
export * from './mismatch';
export * from './drc01b';
export * from './drc01c';
export * from './reply';
export * from './gstr3b-figures';
