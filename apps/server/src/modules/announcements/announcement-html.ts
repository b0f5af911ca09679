// The announcement body's HTML, sanitised on the server before it is stored: the web shows it as HTML to anyone,
// signed in or not, so nothing that runs (scripts, event handlers, javascript: links, styles that overlay the page) may
// get through. No sanitiser is a dependency, and an allow-list this small is easier to read than one to configure:
// allowed tags are rebuilt from scratch (every attribute dropped except a link's http(s)/mailto href), everything else
// is escaped as text, and the content of script-like elements is dropped whole.

const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a']);
const VOID = new Set(['br']);
/** Elements whose content is not text a reader should see. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'svg',
  'math',
]);

const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;
const SAFE_URL = /^(?:https?:\/\/|mailto:)[^\s<>"']*$/i;

const escapeText = (text: string): string =>
  text
    // An entity already written (&amp; &#8377;) stays one; a bare & becomes &amp;.
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const openTag = (name: string, attributes: string): string => {
  if (name !== 'a') return `<${name}>`;
  const match = HREF.exec(attributes);
  const href = (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim();
  // Checked as written: an entity can never turn an http(s) or mailto prefix into javascript:.
  return SAFE_URL.test(href) ? `<a href="${escapeAttribute(href)}" rel="noopener noreferrer" target="_blank">` : '<a>';
};

/** The body's HTML with only the allowed tags, balanced; everything else is text or gone. */
export const sanitizeAnnouncementHtml = (html: string): string => {
  const out: string[] = [];
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out.push(escapeText(html.slice(i)));
      break;
    }
    out.push(escapeText(html.slice(i, lt)));
    const rest = html.slice(lt);
    if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->');
      i = end < 0 ? html.length : lt + end + 3;
      continue;
    }
    const tag = TAG.exec(rest);
    if (!tag) {
      out.push('&lt;');
      i = lt + 1;
      continue;
    }
    const [whole, slash, rawName = '', attributes = ''] = tag;
    const name = rawName.toLowerCase();
    i = lt + whole.length;
    if (!slash && DROP_WITH_CONTENT.has(name)) {
      const close = html.slice(i).search(new RegExp(`</${name}\\s*>`, 'i'));
      i = close < 0 ? html.length : i + close + html.slice(i + close).indexOf('>') + 1;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (VOID.has(name)) {
      if (!slash) out.push(`<${name}>`);
      continue;
    }
    if (!slash) {
      out.push(openTag(name, attributes));
      open.push(name);
      continue;
    }
    // A closing tag closes what it names (and anything left open inside it); a stray one is dropped.
    const at = open.lastIndexOf(name);
    if (at < 0) continue;
    while (open.length > at) out.push(`</${open.pop()}>`);
  }
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join('');
};

/** The body as plain text (for the bell's one-line previews and the audit trail). */
export const announcementText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
