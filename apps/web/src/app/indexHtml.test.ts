import { describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';

describe('index.html', () => {
  it('shows a loader in the root until the app replaces it, so a slow first load is never a blank page', () => {
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(indexHtml)?.[1] ?? '';
    expect(root).toContain('data-testid="boot-loader"');
    expect(root).toContain('Loading OpenGST');
    expect(indexHtml).toContain('.boot-loader {');
  });
});
