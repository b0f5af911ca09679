// One schema for both engines (PGlite and PostgreSQL), split by the module that owns each table; imported whole from
// 'db/schema', and read whole by drizzle-kit (apps/server/drizzle.config.ts). Every business row carries subscriber_id;
// entity-scoped rows carry entity_id. Statuses use the spec's names.
export * from './organization';
export * from './auth';
export * from './platform';
export * from './dashboard';
export * from './documents';
export * from './import';
export * from './masters';
export * from './returns';
export * from './data-activities';
export * from './reconciliation';
export * from './gstr3b';
export * from './vendor-payments';
export * from './challans';
export * from './drc01';
export * from './announcements';
export * from './notices';
export * from './einvoices';
export * from './files';
export * from './ewaybills';
export * from './notifications';
