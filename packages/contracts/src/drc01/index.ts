export * from './drc01.schemas';
export * from './drc01.endpoints';
export * from './drc01.text';
