export * from './notices.schemas';
export * from './notices.endpoints';
