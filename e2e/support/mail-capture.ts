import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtp } from '../../apps/server/src/test-support/smtp';

/** The journeys' SMTP server: every message is written as JSON into `dir`, where the test workers read it. */
export const startMailCapture = async (dir: string): Promise<{ url: string; close: () => Promise<void> }> => {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const smtp = await startSmtp((mail) => {
    n += 1;
    writeFileSync(join(dir, `${String(n).padStart(5, '0')}.json`), JSON.stringify({ ...mail, at: Date.now() }));
  });
  return { url: smtp.url, close: smtp.close };
};
