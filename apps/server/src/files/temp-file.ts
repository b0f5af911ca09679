// A file held in memory (a small upload) handed to a reader that reads from a path: written to a folder of its own
// under the system's temporary folder, removed once the reader is done with it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const withTempFile = async <T>(content: Buffer, use: (path: string) => Promise<T>): Promise<T> => {
  const folder = await mkdtemp(join(tmpdir(), 'opengst-'));
  try {
    // A fixed name: an uploaded file's own name never becomes part of a path.
    const path = join(folder, 'file');
    await writeFile(path, content);
    return await use(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};
