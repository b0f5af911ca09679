import { join } from 'node:path';

export const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://localhost:${PORT}`;
export const RUN_DIR = join(import.meta.dirname, '..', '.tmp');
