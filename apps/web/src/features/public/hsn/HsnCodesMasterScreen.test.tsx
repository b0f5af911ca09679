import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HsnSearchItem } from '@opengst/contracts';
import { json, renderAt, stubApi } from '../../../test/screenTestSupport';
import { HsnCodesMasterScreen } from './HsnCodesMasterScreen';

// /hsn-codes-master against a stubbed API: a visitor types, the search waits for the pause, results show code, kind,
// level, hierarchy and rate where one is known; load more; the empty and error states; the keyboard.

const item = (code: string, patch: Partial<HsnSearchItem> = {}): HsnSearchItem => ({
  code,
  kind: 'HSN',
  level: code.length === 8 ? 'tariffItem' : code.length === 6 ? 'subheading' : 'heading',
  description: `Description of ${code}`,
  match: 'words',
  hierarchy: [
    { level: 'chapter', code: code.slice(0, 2), description: 'NUCLEAR REACTORS, BOILERS, MACHINERY' },
    ...(code.length > 4 ? [{ level: 'heading' as const, code: code.slice(0, 4), description: null }] : []),
  ],
  rate: null,
  ...patch,
});

const LOADED = { timeout: 4000 };
const searches = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.includes('/public/hsnSacCodes')).map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
const render = (address = '/hsn-codes-master') => renderAt(<HsnCodesMasterScreen />, address, []);

describe('HsnCodesMasterScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('searches after the pause and shows each code with its hierarchy and rate, then loads more', async () => {
    const calls = stubApi((url) => {
      const start = Number(new URL(url, 'http://x').searchParams.get('start'));
      return start === 0
        ? json({
            items: [
              item('847130', { description: 'PORTABLE AUTOMATIC DATA PROCESSING MACHINES' }),
              item('84713010', {
                description: 'PERSONAL COMPUTER',
                match: 'wordsWithTypos',
                rate: { ratePercent: 18, effectiveFrom: '2017-07-01', source: 'Notification 1/2017-CT(Rate)' },
              }),
            ],
            totalRecords: 3,
          })
        : json({
            items: [item('996791', { kind: 'SAC', description: 'Goods transport agency services', hierarchy: [] })],
            totalRecords: 3,
          });
    });
    render();
    expect(screen.getByText(/Type a code/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('hsn-search'), { target: { value: 'lapto' } });
    fireEvent.change(screen.getByTestId('hsn-search'), { target: { value: 'laptop ' } });
    const first = await screen.findByTestId('hsn-847130', {}, LOADED);
    // One request for what was typed by the pause, trimmed; not one per key.
    expect(searches(calls)).toEqual([{ text: 'laptop', start: '0', size: '25' }]);
    expect(within(first).getByText('PORTABLE AUTOMATIC DATA PROCESSING MACHINES')).toBeTruthy();
    expect(within(first).getByText('Sub-heading')).toBeTruthy();
    expect(within(first).queryByText(/GST \d/)).toBeNull();
    const second = screen.getByTestId('hsn-84713010');
    expect(within(second).getByText('GST 18% from 01-07-2017')).toBeTruthy();
    expect(within(second).getByText('close spelling')).toBeTruthy();
    expect(screen.getByTestId('hsn-hierarchy-84713010').textContent).toBe('Chapter 84 NUCLEAR REACTORS, BOILERS, MACHINERY › Heading 8471');
    expect(screen.getByTestId('hsn-count').textContent).toBe('2 of 3 codes');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const service = await screen.findByTestId('hsn-996791', {}, LOADED);
    expect(within(service).getByText('SAC')).toBeTruthy();
    expect(searches(calls).at(-1)).toEqual({ text: 'laptop', start: '2', size: '25' });
    expect(screen.getByTestId('hsn-count').textContent).toBe('3 of 3 codes');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('starts from the search in the address and says when nothing matches', async () => {
    const calls = stubApi(() => json({ items: [], totalRecords: 0 }));
    render('/hsn-codes-master?q=zzqx');
    expect((await screen.findByTestId('hsn-empty', {}, LOADED)).textContent).toContain('No HSN or SAC code matches "zzqx"');
    expect(searches(calls)).toEqual([{ text: 'zzqx', start: '0', size: '25' }]);
  });

  it('says when the search failed and tries again on request', async () => {
    let attempts = 0;
    stubApi(() => {
      attempts += 1;
      return attempts === 1
        ? json({ errors: [{ code: 'GEN0004', message: 'Too many requests. Please wait and try again.', type: 'Error' }] }, 429)
        : json({ items: [item('8471')], totalRecords: 1 });
    });
    render('/hsn-codes-master?q=8471');
    const alert = await screen.findByTestId('hsn-error', {}, LOADED);
    expect(alert.textContent).toContain('Too many requests');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('hsn-8471', {}, LOADED)).toBeTruthy();
    expect(screen.queryByTestId('hsn-error')).toBeNull();
  });

  it('searches at once on Enter and moves through the results with the arrow keys', async () => {
    const calls = stubApi(() => json({ items: [item('8471'), item('847130'), item('84713010')], totalRecords: 3 }));
    render();
    const input = screen.getByTestId('hsn-search');
    fireEvent.keyDown(window, { key: '/' });
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: '8471' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(searches(calls)).toEqual([{ text: '8471', start: '0', size: '25' }]), { timeout: 200 });
    await screen.findByTestId('hsn-8471', {}, LOADED);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('hsn-8471'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('hsn-847130'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect((input as HTMLInputElement).value).toBe('');
    expect(await screen.findByText(/Type a code/, {}, LOADED)).toBeTruthy();
  });
});
