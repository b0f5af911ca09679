// The document ids of an import's runs of rows (stage-lines.rules.ts createIdSource): handed out in the order the sequence
// gave them (the store while reading takes ranges of them), fetched ahead of need, and a failed fetch is reported
// when its ids are needed, not lost.
import { describe, expect, it } from 'vitest';
import { createIdSource } from './stage-lines.rules';

/** A sequence answering `count` rising ids per fetch, and the sizes asked for. */
const sequence = () => {
  let last = 0;
  const asked: number[] = [];
  const fetch = async (count: number) => {
    asked.push(count);
    await new Promise((resolve) => setTimeout(resolve, 1));
    return Array.from({ length: count }, () => ++last);
  };
  return { fetch, asked };
};

describe('the document ids of an import', () => {
  it('hands out every id once, rising, in blocks that grow, fetching the next block before it is needed', async () => {
    const { fetch, asked } = sequence();
    const ids = createIdSource(fetch);
    const given: number[] = [];
    for (let batch = 0; batch < 200; batch++) {
      await ids.reserve(600);
      for (let n = 0; n < 600; n++) given.push(ids.next());
    }
    expect(given).toEqual(Array.from({ length: 120_000 }, (_, n) => n + 1));
    expect(asked.slice(0, 4)).toEqual([600, 400, 1600, 6400]);
    expect(Math.max(...asked)).toBe(20_000);
    // Ahead of need: after a reserve, the ids at hand or on their way cover the next batch.
    await ids.reserve(600);
    expect(asked.reduce((a, b) => a + b, 0) - 120_000).toBeGreaterThanOrEqual(600);
  });

  it('refuses an id that was not reserved', () => {
    expect(() => createIdSource(sequence().fetch).next()).toThrow('document ids were not reserved');
  });

  it('reports a failed fetch when the ids are needed, and fetches again after it', async () => {
    const { fetch } = sequence();
    let fail = true;
    const ids = createIdSource(async (count) => {
      if (fail) throw new Error('the database is gone');
      return fetch(count);
    });
    await expect(ids.reserve(10)).rejects.toThrow('the database is gone');
    fail = false;
    await ids.reserve(10);
    expect(ids.next()).toBe(1);
  });
});
