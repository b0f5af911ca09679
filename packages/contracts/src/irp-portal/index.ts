export * from './irp-portal.schemas';
export * from './irp-portal.endpoints';
export * from './irp-portal.text';
export * from './request-token.endpoints';
export * from './irp-api.docs';
