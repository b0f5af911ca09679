import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { readableLine, readableLogStream } from './readable-log';

describe('the readable console', () => {
  it('writes one line an event: time, level, message and the other fields', () => {
    const time = new Date(2026, 10, 26, 10, 42, 7).getTime();
    const line = readableLine(JSON.stringify({ level: 40, time, pid: 1, hostname: 'h', msg: 'disk almost full', freeMb: 120 }));
    expect(line).toBe('10:42:07  WARN   disk almost full  freeMb=120');
    const failed = readableLine(
      JSON.stringify({ level: 50, time, msg: 'unhandled error', err: { message: 'boom', stack: 'Error: boom\n    at x' } }),
    );
    expect(failed).toBe('10:42:07  ERROR  unhandled error\nError: boom\n    at x');
    expect(readableLine('not json')).toBe('not json');
  });

  it('splits what the logger writes into lines, whatever the chunks', async () => {
    const out = new PassThrough();
    const stream = readableLogStream(out);
    const json = JSON.stringify({ level: 30, time: 0, msg: 'Server listening' });
    stream.write(json.slice(0, 10));
    stream.write(`${json.slice(10)}\n${json}\n`);
    await new Promise((resolve) => stream.end(resolve));
    expect(String(out.read()).trim().split('\n')).toHaveLength(2);
  });

  it('starts quiet and in production by default: warnings and errors, readable, without developer details', () => {
    const config = readConfig({});
    expect({ level: config.logLevel, format: config.logFormat, environment: config.environment }).toEqual({
      level: 'warn',
      format: 'text',
      environment: 'production',
    });
  });
});
