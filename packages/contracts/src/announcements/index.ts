export * from './announcements.schemas';
export * from './announcements.endpoints';
export * from './announcements.text';
