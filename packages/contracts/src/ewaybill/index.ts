export * from './ewaybill.schemas';
export * from './ewaybill.endpoints';
export * from './ewaybill.text';
