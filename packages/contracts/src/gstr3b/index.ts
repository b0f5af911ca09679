export * from './gstr3b.figures';
export * from './gstr3b.schemas';
export * from './gstr3b.endpoints';
export * from './gstr3b.text';
export * from './gstr3b.portal.text';
