export * from './files.schemas';
export * from './files.endpoints';
export * from './files.text';
