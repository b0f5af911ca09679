// A small XML tokenizer for the parts of an .xlsx around the sheets (relationships, workbook, styles, shared
// strings), fed text in chunks (a tag, a text or an entity may be cut anywhere). It reports positions rather than
// strings, so a sink looks only at what it needs. No DTD is accepted (an .xlsx part never has one), so no entity but
// the five predefined ones and character references is ever expanded. The worksheet has its own scanner (sheet.ts).
import { AppError } from '../../platform/errors';

/** What a tokenizer reports; every range is in `s` and valid only during the call. */
export type TagSink = {
  /** An element opens: its local name (prefix dropped) is s[name, nameEnd), its attributes are within [nameEnd, end). */
  open(s: string, name: number, nameEnd: number, end: number, selfClosing: boolean): void;
  close(s: string, name: number, nameEnd: number): void;
  /** Raw text (entities not decoded); a text node may arrive in several pieces. */
  text(s: string, from: number, to: number): void;
  /** True once the sink has read all it needs: the rest of the part is not tokenized. */
  readonly done: boolean;
};

/** No tag of a spreadsheet part comes near this; a longer one is a damaged or hostile file. */
const MAX_TAG_CHARS = 1 << 20;

export const damaged = (): AppError => new AppError('IMP0004');

/**
 * The markup declaration at s[lt] ("<!"), for both scanners: a comment is skipped; a CDATA section goes to `text` with
 * its '&' and '<' escaped (text is decoded as XML later, and CDATA has no entities); a DOCTYPE is refused (no part of
 * an .xlsx has one). Answers the index after it, or -1 when the chunk ends inside it.
 */
export const declarationAt = (s: string, lt: number, text: (escaped: string) => void): number => {
  if (s.startsWith('<!--', lt)) {
    const close = s.indexOf('-->', lt + 4);
    return close < 0 ? -1 : close + 3;
  }
  if (s.startsWith('<![CDATA[', lt)) {
    const close = s.indexOf(']]>', lt + 9);
    if (close < 0) return -1;
    text(
      s
        .slice(lt + 9, close)
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;'),
    );
    return close + 3;
  }
  if (s.length - lt < 9) return -1;
  throw damaged();
};

/**
 * Parts are read as latin1 text, one character per byte: a third of the cost of UTF-8 decoding, and exact for the
 * markup (ASCII; every byte of a multi-byte UTF-8 character is >= 0x80). Sinks decode the text they keep (textOf).
 * A part in UTF-16 (allowed, never written by Excel, LibreOffice or exceljs) is not supported.
 */
export const latin1Of = (bytes: Buffer, first: boolean): string => {
  if (first && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) throw damaged();
  return bytes.toString('latin1');
};

/** Text taken from the latin1 view: UTF-8 decoded when it has non-ASCII bytes. */
export const utf8Of = (latin1: string): string => {
  for (let p = 0; p < latin1.length; p++) if (latin1.charCodeAt(p) > 127) return Buffer.from(latin1, 'latin1').toString('utf8');
  return latin1;
};

export class XmlTokenizer {
  private carry = Buffer.alloc(0);
  private first = true;

  constructor(private readonly sink: TagSink) {}

  /** Reads the next bytes of the part. The unread end of a chunk is kept as bytes and joined to the next one as bytes. */
  push(bytes: Buffer): void {
    const buffer = this.carry.length > 0 ? Buffer.concat([this.carry, bytes]) : bytes;
    const s = latin1Of(buffer, this.first);
    this.first = false;
    this.carry = Buffer.alloc(0);
    const n = s.length;
    const sink = this.sink;
    let i = 0;
    while (i < n && !sink.done) {
      // Tags mostly follow one another, or a short text: stepping over a few characters costs less than indexOf.
      let lt = i;
      const near = Math.min(n, i + 24);
      while (lt < near && s.charCodeAt(lt) !== 60) lt++;
      if (lt === near) lt = s.indexOf('<', lt);
      if (lt < 0) {
        sink.text(s, i, n);
        return;
      }
      if (lt > i) sink.text(s, i, lt);
      const end = this.markup(s, lt);
      if (end < 0) {
        if (n - lt > MAX_TAG_CHARS) throw damaged();
        this.carry = Buffer.from(buffer.subarray(lt));
        return;
      }
      i = end;
    }
  }

  /** The part ended: a tag left open is a cut file. */
  end(): void {
    if (this.carry.length > 0 && !this.sink.done) throw damaged();
  }

  /** Reads the markup at s[lt] ('<'); answers the index after it, or -1 when it continues in the next chunk. */
  private markup(s: string, lt: number): number {
    const n = s.length;
    let p = lt + 1;
    if (p >= n) return -1;
    const first = s.charCodeAt(p);
    if (first === 63) {
      // <?xml ...?>: a declaration or processing instruction, nothing to read.
      const close = s.indexOf('?>', p);
      return close < 0 ? -1 : close + 2;
    }
    if (first === 33) return this.declaration(s, lt);
    const closing = first === 47;
    if (closing) p++;
    let name = p;
    for (;;) {
      if (p >= n) return -1;
      const c = s.charCodeAt(p);
      if (c === 58) name = p + 1;
      else if (c === 62 || c === 47 || c <= 32) break;
      p++;
    }
    const nameEnd = p;
    if (closing) {
      const gt = s.indexOf('>', p);
      if (gt < 0) return -1;
      this.sink.close(s, name, nameEnd);
      return gt + 1;
    }
    // The end of the tag is the first '>' outside a quoted attribute value (a value may hold '>').
    for (;;) {
      if (p >= n) return -1;
      const c = s.charCodeAt(p);
      if (c === 62) break;
      if (c === 34 || c === 39) {
        const q = s.indexOf(c === 34 ? '"' : "'", p + 1);
        if (q < 0) return -1;
        p = q + 1;
      } else p++;
    }
    const selfClosing = s.charCodeAt(p - 1) === 47;
    this.sink.open(s, name, nameEnd, selfClosing ? p - 1 : p, selfClosing);
    return p + 1;
  }

  private declaration(s: string, lt: number): number {
    return declarationAt(s, lt, (text) => this.sink.text(text, 0, text.length));
  }
}

/**
 * Calls `each` for every attribute within s[from, to): local name s[name, nameEnd) (prefix dropped), raw value
 * s[value, valueEnd) (entities not decoded).
 */
const eachAttribute = (
  s: string,
  from: number,
  to: number,
  each: (name: number, nameEnd: number, value: number, valueEnd: number) => void,
): void => {
  let p = from;
  for (;;) {
    while (p < to && s.charCodeAt(p) <= 32) p++;
    if (p >= to) return;
    let name = p;
    let c = 0;
    while (p < to && (c = s.charCodeAt(p)) !== 61 && c > 32) {
      if (c === 58) name = p + 1;
      p++;
    }
    const nameEnd = p;
    while (p < to && s.charCodeAt(p) <= 32) p++;
    if (s.charCodeAt(p) !== 61) throw damaged();
    p++;
    while (p < to && s.charCodeAt(p) <= 32) p++;
    const quote = s.charCodeAt(p);
    if (quote !== 34 && quote !== 39) throw damaged();
    const valueEnd = s.indexOf(quote === 34 ? '"' : "'", p + 1);
    if (valueEnd < 0 || valueEnd >= to) throw damaged();
    each(name, nameEnd, p + 1, valueEnd);
    p = valueEnd + 1;
  }
};

/** The decoded value of the attribute with this local name, if the tag has it. */
export const attributeOf = (s: string, from: number, to: number, local: string): string | undefined => {
  let found: string | undefined;
  eachAttribute(s, from, to, (name, nameEnd, value, valueEnd) => {
    if (found === undefined && nameEnd - name === local.length && s.startsWith(local, name))
      found = decodeXml(utf8Of(s.slice(value, valueEnd)));
  });
  return found;
};

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REFERENCE = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;

/**
 * Text as XML means it: line ends normalised to LF (a CR written as &#13; stays), the five predefined entities and
 * character references decoded; anything else that looks like an entity is left as written.
 */
export const decodeXml = (raw: string): string => {
  const text = raw.indexOf('\r') >= 0 ? raw.replace(/\r\n?/g, '\n') : raw;
  if (text.indexOf('&') < 0) return text;
  return text.replace(REFERENCE, (whole, name: string) => {
    if (name.charCodeAt(0) !== 35) return PREDEFINED[name] ?? whole;
    const code = name.charCodeAt(1) === 120 ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
};

/**
 * Excel writes characters XML cannot hold (a CR, other control characters) as _xHHHH_, and a literal "_x" that would
 * read as such an escape as _x005F_x...: decoded here as Excel reads them back.
 */
export const decodeExcelEscapes = (text: string): string =>
  text.indexOf('_x') < 0 ? text : text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A string value from the latin1 view as the user typed it: UTF-8, XML entities and Excel's _xHHHH_ escapes decoded.
 * Most values have none of them (no byte above 127, no '&', CR or '_'): one look at their characters and they are
 * taken as they are.
 */
export const textOf = (raw: string): string => {
  for (let p = 0; p < raw.length; p++) {
    const c = raw.charCodeAt(p);
    if (c > 127 || c === 38 || c === 13 || c === 95) return decodeExcelEscapes(decodeXml(utf8Of(raw)));
  }
  return raw;
};

/** The local name s[name, nameEnd) equals `local`. */
export const isName = (s: string, name: number, nameEnd: number, local: string): boolean =>
  nameEnd - name === local.length && s.startsWith(local, name);
