import { join } from 'node:path';

export const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://localhost:${PORT}`;
// A journey run on another port gets its own folder, so runs on different ports never share a data folder.
export const RUN_DIR = join(import.meta.dirname, '..', process.env.E2E_PORT ? `.tmp-${PORT}` : '.tmp');
