export * from './notices.schemas';
export * from './notices.endpoints';
export * from './notices.text';
export * from './dashboard.text';
