// The workbook around the sheets: which parts the worksheets are (in the order of the tabs), the shared strings,
// which cell styles show a number as a date, and the date system (1900 or 1904).
import { AppError } from '../../platform/errors';
import { XLSX_LIMITS, type XlsxLimits } from './limits';
import { attributeOf, damaged, isName, textOf, XmlTokenizer, type TagSink } from './xml';
import { entryChunks, entryOf, openZip, type ZipArchive } from './zip';

export type SheetPart = { name: string; part: string };

export type Workbook = {
  zip: ZipArchive;
  /** Worksheets in the order of their tabs (workbook.xml), not of their files. */
  sheets: SheetPart[];
  date1904: boolean;
  sharedStringsPart: string | undefined;
  stylesPart: string | undefined;
};

type OpenTag = (name: string, attribute: (local: string) => string | undefined, selfClosing: boolean) => void;

/** Tokenizes a whole part, calling `onOpen` (and `onClose`) for each element; false when the package lacks the part. */
const eachElement = async (zip: ZipArchive, part: string, onOpen: OpenTag, onClose?: (name: string) => void): Promise<boolean> => {
  const entry = entryOf(zip, part);
  if (!entry) return false;
  let s = '';
  let from = 0;
  let to = 0;
  const attribute = (local: string) => attributeOf(s, from, to, local);
  const sink: TagSink = {
    done: false,
    open: (text, name, nameEnd, end, selfClosing) => {
      s = text;
      from = nameEnd;
      to = end;
      onOpen(text.slice(name, nameEnd), attribute, selfClosing);
    },
    close: (text, name, nameEnd) => onClose?.(text.slice(name, nameEnd)),
    text: () => undefined,
  };
  const tokenizer = new XmlTokenizer(sink);
  for await (const bytes of entryChunks(zip, entry)) tokenizer.push(bytes);
  tokenizer.end();
  return true;
};

/** A relationship target as a part name: relative to the source part's folder, or absolute from the package root. */
export const resolveTarget = (source: string, target: string): string => {
  const segments = target.startsWith('/') ? [] : source.split('/').slice(0, -1);
  for (const segment of target.replace(/^\/+/, '').split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments.join('/');
};

type Relationship = { type: string; part: string };

/** The relationships of a part (its _rels/<name>.rels), by id; external targets (links) are left out. */
const relationshipsOf = async (zip: ZipArchive, source: string): Promise<Map<string, Relationship>> => {
  const folder = source.split('/').slice(0, -1);
  const relsPart = [...folder, '_rels', `${source.split('/').at(-1) ?? ''}.rels`].join('/');
  const found = new Map<string, Relationship>();
  await eachElement(zip, relsPart, (name, attribute) => {
    if (name !== 'Relationship' || attribute('TargetMode') === 'External') return;
    const id = attribute('Id');
    const target = attribute('Target');
    if (id && target) found.set(id, { type: attribute('Type') ?? '', part: resolveTarget(source, target) });
  });
  return found;
};

const ofType = (relationships: Map<string, Relationship>, type: string) =>
  [...relationships.values()].find((r) => r.type.endsWith(`/${type}`))?.part;

/** Opens the package and reads its workbook part: the worksheets in tab order and the date system. */
export const openWorkbook = async (path: string, limits: XlsxLimits = XLSX_LIMITS): Promise<Workbook> => {
  const zip = await openZip(path, limits);
  const root = await relationshipsOf(zip, '');
  const workbookPart = ofType(root, 'officeDocument') ?? 'xl/workbook.xml';
  const relationships = await relationshipsOf(zip, workbookPart);
  const sheets: SheetPart[] = [];
  let date1904 = false;
  const read = await eachElement(zip, workbookPart, (name, attribute) => {
    if (name === 'workbookPr') {
      const value = attribute('date1904');
      date1904 = value === '1' || value === 'true';
    } else if (name === 'sheet') {
      const relationship = relationships.get(attribute('id') ?? '');
      if (relationship?.type.endsWith('/worksheet')) sheets.push({ name: attribute('name') ?? '', part: relationship.part });
    }
  });
  if (!read) throw damaged();
  return { zip, sheets, date1904, sharedStringsPart: ofType(relationships, 'sharedStrings'), stylesPart: ofType(relationships, 'styles') };
};

/** The shared strings passed the limits of what one reader may keep (limits.ts): the file is refused, not read. */
const tooManyStrings = () => new AppError('IMP0029');

/**
 * The shared strings in order. A rich-text string is its runs' text joined; phonetic guides (<rPh>) are not part of
 * the text. A plain string with no text is null (no value), as exceljs has it, so an empty cell stays empty. They are
 * all kept while the sheet is read: their number and characters are held to the package's limits as they are read.
 */
export const readSharedStrings = async (workbook: Workbook): Promise<(string | null)[]> => {
  const strings: (string | null)[] = [];
  const entry = workbook.sharedStringsPart ? entryOf(workbook.zip, workbook.sharedStringsPart) : undefined;
  if (!entry) return strings;
  const { maxSharedStrings, maxSharedStringChars } = workbook.zip.limits;
  /** Characters kept, the string being read included. */
  let chars = 0;
  const push = (value: string | null) => {
    if (strings.length >= maxSharedStrings) throw tooManyStrings();
    strings.push(value);
  };
  let raw = '';
  let rich = false;
  let collecting = false;
  let phonetic = false;
  const sink: TagSink = {
    done: false,
    open: (s, name, nameEnd, _end, selfClosing) => {
      if (isName(s, name, nameEnd, 'si')) {
        raw = '';
        rich = false;
        if (selfClosing) push(null);
      } else if (isName(s, name, nameEnd, 't')) collecting = !selfClosing && !phonetic;
      else if (isName(s, name, nameEnd, 'r')) rich = true;
      else if (isName(s, name, nameEnd, 'rPh')) phonetic = !selfClosing;
    },
    close: (s, name, nameEnd) => {
      if (isName(s, name, nameEnd, 't')) collecting = false;
      else if (isName(s, name, nameEnd, 'rPh')) phonetic = false;
      else if (isName(s, name, nameEnd, 'si')) push(raw === '' && !rich ? null : textOf(raw));
    },
    text: (s, from, to) => {
      if (!collecting) return;
      chars += to - from;
      if (chars > maxSharedStringChars) throw tooManyStrings();
      raw += s.slice(from, to);
    },
  };
  const tokenizer = new XmlTokenizer(sink);
  for await (const bytes of entryChunks(workbook.zip, entry)) tokenizer.push(bytes);
  tokenizer.end();
  return strings;
};

/** Built-in number formats that show a date or a time (ECMA-376 18.8.30, with the East Asian date formats). */
const BUILT_IN_DATE = (id: number) => (id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58);

/**
 * A custom format shows a date when a date or time letter is left once quoted text, [..] sections (colour, locale,
 * elapsed-time brackets) and escaped, padding and fill characters (\x, _x, *x) are taken out.
 */
export const isDateFormatCode = (code: string): boolean => /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|[\\_*]./g, ''));

/** For each cell style (cellXfs index): whether a number in it is a date. */
export const readDateStyles = async (workbook: Workbook): Promise<boolean[]> => {
  const custom = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  if (!workbook.stylesPart) return [];
  // Only <xf> inside <cellXfs> are cell styles (<cellStyleXfs> holds the named styles they derive from).
  await eachElement(
    workbook.zip,
    workbook.stylesPart,
    (name, attribute, selfClosing) => {
      if (name === 'numFmt') {
        const code = attribute('formatCode');
        if (code !== undefined) custom.set(Number(attribute('numFmtId')), code);
      } else if (name === 'cellXfs') inCellXfs = !selfClosing;
      else if (name === 'xf' && inCellXfs) formats.push(Number(attribute('numFmtId') ?? 0));
    },
    (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  );
  return formats.map((id) => {
    if (!id) return false;
    const code = custom.get(id);
    return code !== undefined ? isDateFormatCode(code) : BUILT_IN_DATE(id);
  });
};
