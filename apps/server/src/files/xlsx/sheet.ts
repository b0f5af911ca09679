// The rows of a worksheet part, read from its XML as it inflates. Values are typed as exceljs types them (so
// cell-text.ts turns them into the same text): a string, a number, a boolean, a Date for a number in a date
// style, { formula } for a formula (never evaluated), { error } for an error such as #DIV/0!, null for no value.
//
// Speed is the point (a 100,000-row import reads 2 million cells): the part's bytes are taken as latin1 text, one
// character per byte, which costs a third of UTF-8 decoding and keeps every string one byte per character. XML's
// markup is ASCII and the bytes of a multi-byte UTF-8 character are all >= 0x80, so tags are found exactly as in the
// decoded text; only a value holding such bytes is decoded from UTF-8 when it is taken. Tags are recognised by their
// characters in place, without a name, attribute or tag object per cell.
import { damaged, declarationAt, decodeXml, latin1Of, textOf, utf8Of } from './xml';

export type XlsxValue = string | number | boolean | Date | { formula: string; result?: string | number } | { error: string } | null;

/** A row as the sheet numbers it (from 1), its values from column A; a column with no value in it is null. */
export type XlsxRow = { row: number; values: XlsxValue[] };

export type SheetContext = {
  sharedStrings: readonly (string | null)[];
  dateStyles: readonly boolean[];
  date1904: boolean;
};

/** Excel's last column, XFD. */
const MAX_COLUMN = 16_384;
/** No tag of a worksheet comes near this; a longer one is a damaged or hostile file. */
const MAX_TAG_CHARS = 1 << 20;
/** Nor a cell's value or formula (Excel holds 32,767 characters a cell, at most 4 bytes each in UTF-8, escaped). */
const MAX_CELL_CHARS = 1 << 20;

// Elements of sheetData, by local name.
const OTHER = 0;
const ROW = 1;
const CELL = 2;
const VALUE = 3;
const FORMULA = 4;
const INLINE = 5;
const TEXT = 6;
const PHONETIC = 7;
const SHEET_DATA = 8;

// Cell types (the t attribute); NUMBER also stands for n, d and anything unknown, read as exceljs reads them.
const NUMBER = 0;
const SHARED = 1;
const STRING = 2;
const BOOLEAN = 3;
const ERROR = 4;

const elementOf = (s: string, name: number, nameEnd: number): number => {
  const c = s.charCodeAt(name);
  switch (nameEnd - name) {
    case 1:
      return c === 99 ? CELL : c === 118 ? VALUE : c === 102 ? FORMULA : c === 116 ? TEXT : OTHER;
    case 2:
      return c === 105 && s.charCodeAt(name + 1) === 115 ? INLINE : OTHER;
    case 3:
      return s.startsWith('row', name) ? ROW : s.startsWith('rPh', name) ? PHONETIC : OTHER;
    case 9:
      return s.startsWith('sheetData', name) ? SHEET_DATA : OTHER;
    default:
      return OTHER;
  }
};

const typeOf = (s: string, from: number, to: number): number => {
  const c = s.charCodeAt(from);
  switch (to - from) {
    case 1:
      return c === 115 ? SHARED : c === 98 ? BOOLEAN : c === 101 ? ERROR : NUMBER;
    case 3:
      return s.startsWith('str', from) ? STRING : NUMBER;
    case 9:
      return s.startsWith('inlineStr', from) ? STRING : NUMBER;
    default:
      return NUMBER;
  }
};

/** Digits s[from, to) as a number; -1 when there are none or something else is there. */
const integerAt = (s: string, from: number, to: number): number => {
  if (from >= to) return -1;
  let n = 0;
  for (let p = from; p < to; p++) {
    const d = s.charCodeAt(p) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
};

/** The column of a cell reference ("AB12" is 28); 0 when it has no column letters. */
const columnAt = (s: string, from: number, to: number): number => {
  let n = 0;
  for (let p = from; p < to; p++) {
    const c = s.charCodeAt(p) | 0x20;
    if (c < 97 || c > 122) break;
    n = n * 26 + (c - 96);
    if (n > MAX_COLUMN) throw damaged();
  }
  return n;
};

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/** Excel's day number as a UTC date, as exceljs converts it (1900 system; 1462 days later in the 1904 system). */
const excelDate = (serial: number, date1904: boolean): Date => new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/** Feeds a worksheet part's bytes; complete rows come back from each push. */
export class SheetScanner {
  /** True once </sheetData> is read: nothing after it is a row. */
  done = false;
  private carry = Buffer.alloc(0);
  private first = true;
  private rows: XlsxRow[] = [];
  private inData = false;
  private inRow = false;
  private rowNumber = 0;
  private rowStyle = -1;
  private values: XlsxValue[] = [];
  private inCell = false;
  private column = 0;
  private style = 0;
  private type = NUMBER;
  private hasValue = false;
  private hasFormula = false;
  private valueText = '';
  private formulaText = '';
  private inInline = false;
  private inPhonetic = false;
  /** Where text goes now: VALUE (a <v>, or a <t> of an inline string), FORMULA, or OTHER (nowhere). */
  private collecting = OTHER;

  constructor(private readonly context: SheetContext) {}

  /** Reads the next bytes of the part; answers the rows they completed. */
  push(bytes: Buffer): XlsxRow[] {
    this.rows = [];
    // The unread end of the last chunk is joined as bytes, not as text: a joined string would be a rope, and reading
    // characters from a rope is several times slower than from a flat string.
    const buffer = this.carry.length > 0 ? Buffer.concat([this.carry, bytes]) : bytes;
    const kept = this.scan(latin1Of(buffer, this.first), false);
    this.first = false;
    if (kept > MAX_TAG_CHARS) throw damaged();
    this.carry = Buffer.from(buffer.subarray(buffer.length - kept));
    return this.rows;
  }

  /** The part ended: it must have held a complete sheetData. */
  end(): XlsxRow[] {
    this.rows = [];
    if (!this.done && this.carry.length > 0) this.scan(this.carry.toString('latin1'), true);
    if (!this.done) throw damaged();
    return this.rows;
  }

  /**
   * Reads the tags of s and answers how many characters at its end wait for the next chunk. '<' cannot occur inside
   * a tag, so every tag before the last '<' is complete; the last one waits, unless this is the end.
   */
  private scan(s: string, final: boolean): number {
    const last = final ? s.length : s.lastIndexOf('<');
    if (last < 0) {
      this.collect(s, 0, s.length);
      return 0;
    }
    let i = 0;
    while (i < last && !this.done) {
      // Tags mostly follow one another, or a short value: stepping over a few characters costs less than indexOf.
      let lt = i;
      const near = Math.min(last, i + 24);
      while (lt < near && s.charCodeAt(lt) !== 60) lt++;
      if (lt === near && lt < last) lt = s.indexOf('<', lt);
      if (lt < 0 || lt >= last) {
        this.collect(s, i, last);
        i = last;
        break;
      }
      if (lt > i) this.collect(s, i, lt);
      const end = this.markup(s, lt);
      if (end < 0) {
        // A comment or CDATA section (which may hold '<') runs into the next chunk.
        if (final) throw damaged();
        return s.length - lt;
      }
      i = end;
    }
    return final || this.done ? 0 : s.length - i;
  }

  private collect(s: string, from: number, to: number): void {
    if (from >= to) return;
    if (this.collecting === VALUE) {
      this.valueText += s.slice(from, to);
      if (this.valueText.length > MAX_CELL_CHARS) throw damaged();
    } else if (this.collecting === FORMULA) {
      this.formulaText += s.slice(from, to);
      if (this.formulaText.length > MAX_CELL_CHARS) throw damaged();
    }
  }

  /** The markup at s[lt]; answers the index after it (-1: a comment or CDATA not closed in s). */
  private markup(s: string, lt: number): number {
    const c1 = s.charCodeAt(lt + 1);
    const c2 = s.charCodeAt(lt + 2);
    const c3 = s.charCodeAt(lt + 3);
    // The tags of nearly every cell, recognised at sight: </c> </v> </f> </t>, <v> <f> <t>, <c ...>.
    if (c1 === 47 && c3 === 62) {
      this.close(c2 === 99 ? CELL : c2 === 118 ? VALUE : c2 === 102 ? FORMULA : c2 === 116 ? TEXT : OTHER);
      return lt + 4;
    }
    if (c2 === 62 && (c1 === 118 || c1 === 102 || c1 === 116)) {
      this.open(c1 === 118 ? VALUE : c1 === 102 ? FORMULA : TEXT, false);
      return lt + 3;
    }
    if (c1 === 99 && isSpace(c2)) return this.plainCell(s, lt);
    if (c1 === 63) {
      const close = s.indexOf('?>', lt);
      return close < 0 ? -1 : close + 2;
    }
    if (c1 === 33) return this.declaration(s, lt);
    // Any other tag, with or without a namespace prefix.
    const closing = c1 === 47;
    let p = closing ? lt + 2 : lt + 1;
    let name = p;
    for (;;) {
      const c = s.charCodeAt(p);
      if (c === 58) name = p + 1;
      else if (c === 62 || c === 47 || isSpace(c) || c !== c) break;
      p++;
    }
    const kind = elementOf(s, name, p);
    if (closing) {
      const gt = s.indexOf('>', p);
      if (gt < 0) throw damaged();
      this.close(kind);
      return gt + 1;
    }
    if (kind === CELL) return this.openCell(s, p);
    if (kind === ROW) return this.openRow(s, p);
    const gt = tagEnd(s, p);
    this.open(kind, s.charCodeAt(gt - 1) === 47);
    return gt + 1;
  }

  private declaration(s: string, lt: number): number {
    return declarationAt(s, lt, (text) => this.collect(text, 0, text.length));
  }

  private open(kind: number, selfClosing: boolean): void {
    switch (kind) {
      case VALUE:
        if (!this.inCell) return;
        this.hasValue = true;
        this.valueText = '';
        if (!selfClosing) this.collecting = VALUE;
        return;
      case TEXT:
        if (this.inInline && !this.inPhonetic && !selfClosing) this.collecting = VALUE;
        return;
      case INLINE:
        if (!this.inCell) return;
        this.hasValue = true;
        this.valueText = '';
        this.inInline = !selfClosing;
        return;
      case FORMULA:
        if (!this.inCell) return;
        this.hasFormula = true;
        this.formulaText = '';
        if (!selfClosing) this.collecting = FORMULA;
        return;
      case PHONETIC:
        this.inPhonetic = !selfClosing;
        return;
      case SHEET_DATA:
        this.inData = true;
        if (selfClosing) this.done = true;
        return;
      default:
    }
  }

  private close(kind: number): void {
    switch (kind) {
      case CELL:
        if (this.inCell) this.closeCell();
        return;
      case VALUE:
      case TEXT:
      case FORMULA:
        this.collecting = OTHER;
        return;
      case INLINE:
        this.inInline = false;
        return;
      case PHONETIC:
        this.inPhonetic = false;
        return;
      case ROW:
        if (this.inRow) this.closeRow();
        return;
      case SHEET_DATA:
        this.done = true;
        return;
      default:
    }
  }

  /** <row ...> from just after its name; answers the index after the tag. */
  private openRow(s: string, from: number): number {
    let number = -1;
    let style = -1;
    let p = from;
    for (;;) {
      while (isSpace(s.charCodeAt(p))) p++;
      const c = s.charCodeAt(p);
      if (c === 62 || c === 47) break;
      readAttribute(s, p);
      if (attributeNameLength === 1) {
        if (attributeFirst === 114) number = integerAt(s, attributeValue, attributeValueEnd);
        else if (attributeFirst === 115) style = integerAt(s, attributeValue, attributeValueEnd);
      }
      p = attributeValueEnd + 1;
    }
    if (!this.inData) return tagEnd(s, p) + 1;
    // A row without r (the format allows it) follows the one before it.
    this.rowNumber = number > 0 ? number : this.rowNumber + 1;
    this.rowStyle = style;
    this.values = [];
    this.column = 0;
    this.inRow = true;
    if (s.charCodeAt(p) === 47) this.closeRow();
    return tagEnd(s, p) + 1;
  }

  private closeRow(): void {
    this.rows.push({ row: this.rowNumber, values: this.values });
    this.inRow = false;
  }

  /**
   * A whole cell in the form Excel, LibreOffice and exceljs write nearly every cell in: <c r="B7" s="1" t="s">, then
   * <v>..</v> or nothing, then </c>. Read here character by character in one go, twice as fast as tag by tag; any
   * other form (a formula, an inline string, other attributes or spacing) is left to openCell.
   */
  private plainCell(s: string, lt: number): number {
    let p = lt + 3;
    if (s.charCodeAt(p) !== 114 || s.charCodeAt(p + 1) !== 61 || s.charCodeAt(p + 2) !== 34 || !this.inRow) return this.openCell(s, lt + 2);
    p += 3;
    let column = 0;
    let c = s.charCodeAt(p);
    while (c >= 65 && c <= 90 && column <= MAX_COLUMN) {
      column = column * 26 + (c - 64);
      c = s.charCodeAt(++p);
    }
    while (c >= 48 && c <= 57) c = s.charCodeAt(++p);
    if (c !== 34 || column === 0 || column > MAX_COLUMN) return this.openCell(s, lt + 2);
    c = s.charCodeAt(++p);
    let style = 0;
    if (c === 32 && s.charCodeAt(p + 1) === 115 && s.charCodeAt(p + 2) === 61 && s.charCodeAt(p + 3) === 34) {
      p += 4;
      while ((c = s.charCodeAt(p)) >= 48 && c <= 57) {
        style = style * 10 + (c - 48);
        p++;
      }
      if (c !== 34) return this.openCell(s, lt + 2);
      c = s.charCodeAt(++p);
    }
    let type = NUMBER;
    if (c === 32 && s.charCodeAt(p + 1) === 116 && s.charCodeAt(p + 2) === 61 && s.charCodeAt(p + 3) === 34) {
      const from = p + 4;
      p = from;
      while ((c = s.charCodeAt(p)) !== 34 && c >= 97 && c <= 122) p++;
      if (c !== 34) return this.openCell(s, lt + 2);
      type = typeOf(s, from, p);
      c = s.charCodeAt(++p);
    }
    let hasValue = false;
    let valueText = '';
    if (c === 47 && s.charCodeAt(p + 1) === 62) p += 2;
    else if (c === 62) {
      p++;
      if (s.charCodeAt(p) === 60 && s.charCodeAt(p + 1) === 118 && s.charCodeAt(p + 2) === 62) {
        const from = p + 3;
        p = from;
        while ((c = s.charCodeAt(p)) !== 60 && c === c) p++;
        if (s.charCodeAt(p + 1) !== 47 || s.charCodeAt(p + 2) !== 118 || s.charCodeAt(p + 3) !== 62) return this.openCell(s, lt + 2);
        hasValue = true;
        valueText = s.slice(from, p);
        p += 4;
      }
      if (s.charCodeAt(p) !== 60 || s.charCodeAt(p + 1) !== 47 || s.charCodeAt(p + 2) !== 99 || s.charCodeAt(p + 3) !== 62)
        return this.openCell(s, lt + 2);
      p += 4;
    } else return this.openCell(s, lt + 2);
    this.column = column;
    this.style = style > 0 ? style : this.rowStyle;
    this.type = type;
    this.hasFormula = false;
    this.hasValue = hasValue;
    this.valueText = valueText;
    this.closeCell();
    return p;
  }

  /** <c ...> from just after its name; answers the index after the tag. */
  private openCell(s: string, from: number): number {
    let column = 0;
    let style = 0;
    let type = NUMBER;
    let p = from;
    for (;;) {
      while (isSpace(s.charCodeAt(p))) p++;
      const c = s.charCodeAt(p);
      if (c === 62 || c === 47) break;
      readAttribute(s, p);
      if (attributeNameLength === 1) {
        if (attributeFirst === 114) column = columnAt(s, attributeValue, attributeValueEnd);
        else if (attributeFirst === 115) style = integerAt(s, attributeValue, attributeValueEnd);
        else if (attributeFirst === 116) type = typeOf(s, attributeValue, attributeValueEnd);
      }
      p = attributeValueEnd + 1;
    }
    const end = tagEnd(s, p) + 1;
    if (!this.inRow) return end;
    // A cell without r (the format allows it) is the one after the cell before it.
    this.column = column > 0 ? column : this.column + 1;
    if (this.column > MAX_COLUMN) throw damaged();
    // As exceljs styles it: the cell's own style (s="0" counts as none), else its row's.
    this.style = style > 0 ? style : this.rowStyle;
    this.type = type;
    this.hasValue = false;
    this.hasFormula = false;
    this.inCell = true;
    if (s.charCodeAt(p) === 47) this.closeCell();
    return end;
  }

  private closeCell(): void {
    this.inCell = false;
    this.inInline = false;
    this.collecting = OTHER;
    const value = this.cellValue();
    if (value === null) return;
    const values = this.values;
    const index = this.column - 1;
    if (index === values.length) {
      values.push(value);
      return;
    }
    while (values.length < index) values.push(null);
    values[index] = value;
  }

  private cellValue(): XlsxValue {
    const text = this.valueText;
    if (this.hasFormula) {
      const formula = decodeXml(utf8Of(this.formulaText));
      if (!this.hasValue) return { formula };
      return { formula, result: this.type === STRING ? textOf(text) : parseFloat(text) };
    }
    if (!this.hasValue) return null;
    switch (this.type) {
      case SHARED:
        return this.context.sharedStrings[parseInt(text, 10)] ?? null;
      case STRING:
        return textOf(text);
      case BOOLEAN:
        return parseInt(text, 10) !== 0;
      case ERROR:
        return { error: decodeXml(utf8Of(text)) };
      default: {
        const number = parseFloat(text);
        return this.style >= 0 && this.context.dateStyles[this.style] === true ? excelDate(number, this.context.date1904) : number;
      }
    }
  }
}

// The attribute last read by readAttribute: its local name's length and first character, and where its raw value is.
// Module variables rather than an object per attribute: two attributes a cell, two million cells a file.
let attributeNameLength = 0;
let attributeFirst = 0;
let attributeValue = 0;
let attributeValueEnd = 0;

/** Reads the attribute at s[p] into the variables above. */
const readAttribute = (s: string, p: number): void => {
  let name = p;
  let c = s.charCodeAt(p);
  while (c !== 61 && !isSpace(c)) {
    if (c === 58) name = p + 1;
    else if (c === 62 || c === 60 || c !== c) throw damaged();
    c = s.charCodeAt(++p);
  }
  attributeNameLength = p - name;
  attributeFirst = s.charCodeAt(name);
  while (isSpace(c)) c = s.charCodeAt(++p);
  if (c !== 61) throw damaged();
  c = s.charCodeAt(++p);
  while (isSpace(c)) c = s.charCodeAt(++p);
  if (c !== 34 && c !== 39) throw damaged();
  attributeValue = p + 1;
  const quote = c;
  do c = s.charCodeAt(++p);
  while (c !== quote && c === c);
  if (c !== quote) throw damaged();
  attributeValueEnd = p;
};

/** The '>' ending the tag whose attributes start at p: the first one outside a quoted value. */
const tagEnd = (s: string, from: number): number => {
  let p = from;
  for (;;) {
    const c = s.charCodeAt(p);
    if (c === 62) return p;
    if (c === 34 || c === 39) {
      const q = s.indexOf(c === 34 ? '"' : "'", p + 1);
      if (q < 0) throw damaged();
      p = q + 1;
    } else if (c !== c || c === 60) throw damaged();
    else p++;
  }
};
