import { describe, expect, it } from 'vitest';
import { sanitizeAnnouncementHtml as clean } from './announcement-html';

describe('sanitizeAnnouncementHtml', () => {
  it('keeps the allowed tags and drops every attribute of them', () => {
    expect(clean('<p class="x" onclick="alert(1)">Due on the <strong>20th</strong><br/>Pay <em>now</em></p>')).toBe(
      '<p>Due on the <strong>20th</strong><br>Pay <em>now</em></p>',
    );
    expect(clean('<ul><li>one</li><li>two</li></ul><h3>Head</h3><blockquote>q</blockquote>')).toBe(
      '<ul><li>one</li><li>two</li></ul><h3>Head</h3><blockquote>q</blockquote>',
    );
  });

  it('drops scripts, styles and frames with their content', () => {
    expect(clean('a<script>alert(1)</script>b<style>body{display:none}</style>c<iframe src="x"></iframe>d')).toBe('abcd');
    expect(clean('<SCRIPT type="text/javascript">steal()</SCRIPT >ok')).toBe('ok');
    expect(clean('x<script>never closed')).toBe('x');
    expect(clean('<svg><script>alert(1)</script></svg>after')).toBe('after');
  });

  it('removes tags outside the list but keeps their text', () => {
    expect(clean('<div style="position:fixed"><span>text</span></div>')).toBe('text');
    expect(clean('<img src=x onerror=alert(1)>after')).toBe('after');
    expect(clean('<!-- hidden --><p>shown</p>')).toBe('<p>shown</p>');
  });

  it('keeps http(s) and mailto links only, opening them apart', () => {
    expect(clean('<a href="https://gst.gov.in/x?a=1&b=2">portal</a>')).toBe(
      '<a href="https://gst.gov.in/x?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">portal</a>',
    );
    expect(clean('<a href="mailto:help@example.test">mail</a>')).toContain('href="mailto:help@example.test"');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:x',
      'jav&#x61;script:x',
      'data:text/html,<b>',
      'vbscript:x',
    ])
      expect(clean(`<a href="${bad}">x</a>`), bad).toBe('<a>x</a>');
    expect(clean(`<a href='https://a.test' onmouseover='x()'>y</a>`)).toBe(
      '<a href="https://a.test" rel="noopener noreferrer" target="_blank">y</a>',
    );
  });

  it('escapes stray angle brackets and ampersands as text, keeping entities already written', () => {
    expect(clean('5 < 6 & 7 > 3 &amp; &#8377;10 "q"')).toBe('5 &lt; 6 &amp; 7 &gt; 3 &amp; &#8377;10 &quot;q&quot;');
    expect(clean('<<script>x</script>p>')).toBe('&lt;p&gt;');
  });

  it('balances what it keeps: unclosed tags are closed, stray closing tags dropped', () => {
    expect(clean('<p><b>bold')).toBe('<p><b>bold</b></p>');
    expect(clean('</p>text</b>')).toBe('text');
    expect(clean('<ul><li>a</ul>b')).toBe('<ul><li>a</li></ul>b');
  });
});
