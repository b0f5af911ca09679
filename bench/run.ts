// `npm run bench -- <name> [args]` runs bench/<name>.ts; without a name, lists them.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .sort();
const name = process.argv[2];

if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <${available.join('|')}> [options]`);
  process.exit(name ? 1 : 0);
}
process.argv.splice(2, 1);
await import(pathToFileURL(join(here, `${name}.bench.ts`)).href);
