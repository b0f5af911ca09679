import { Writable } from 'node:stream';

// The console of `npm start` is read by a person: one line an event ("10:42:07 WARN  message  key=value"), not pino's
// JSON. LOG_FORMAT=json keeps the JSON lines for a log shipper.

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every pino line carries, or that the line's own words already say. */
const SKIPPED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v']);

const valueText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** One pino JSON line as one readable line; a line that is not JSON passes unchanged. */
export const readableLine = (json: string): string => {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const level = (LEVELS[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const err = entry.err as { message?: string; stack?: string } | undefined;
  const fields = Object.entries(entry)
    .filter(([key]) => !SKIPPED.has(key) && key !== 'err')
    .map(([key, value]) => `${key}=${valueText(value)}`);
  const stack = err?.stack ? `\n${err.stack}` : err?.message ? ` (${err.message})` : '';
  return [time, level, String(entry.msg ?? ''), ...fields].filter(Boolean).join('  ') + stack;
};

/** A stream for the server's logger that writes readable lines to `out`. */
export const readableLogStream = (out: NodeJS.WritableStream = process.stdout): Writable => {
  let pending = '';
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') out.write(`${readableLine(line)}\n`);
      done();
    },
  });
};
