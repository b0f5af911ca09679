export * from './series.schemas';
export * from './series.endpoints';
export * from './masters.text';
