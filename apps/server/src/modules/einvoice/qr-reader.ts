// Reading an e-invoice's signed QR code back from a file (/einvoice-via-pdf-qrcode; spec core §5: PDF, JPG, PNG or
// TXT). TXT holds the JWS itself; an image is decoded to pixels (pngjs, jpeg-js) and searched for a QR (jsqr); a PDF
// is searched for its image XObjects, each decoded (FlateDecode with or without PNG predictors, DCTDecode = JPEG; an
// SMask composited over white) and searched in turn. The PDF reader is this file's own: the images of our printed
// invoice and of other systems' PDFs need no more than that, where pdfjs-dist would add 40.8 MB unpacked.
import type { EinvoiceQrFileType } from '@opengst/contracts';
import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';

/** A signed JWS in compact form: header.payload.signature, each base64url. */
const JWS = /[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/;
/** Pixels a decoded image may have (a 24-megapixel phone photo fits); beyond, it is not decoded. */
const MAX_PIXELS = 40_000_000;

type Rgba = { data: Uint8ClampedArray; width: number; height: number };

/** The file's type by its bytes (not only its name): PDF, PNG and JPEG by their signatures, TXT by its extension. */
export const qrFileTypeOf = (fileName: string, bytes: Buffer): EinvoiceQrFileType | null => {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'PDF';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'PNG';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'JPG';
  if (/\.txt$/i.test(fileName) && !bytes.includes(0)) return 'TXT';
  return null;
};

const qrTextOf = (image: Rgba): string | null => {
  const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
  if (!found) return null;
  return Buffer.from(found.binaryData).toString('utf8');
};

const pngPixels = (bytes: Buffer): Rgba => {
  const png = PNG.sync.read(bytes);
  return { data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), width: png.width, height: png.height };
};

const jpegPixels = (bytes: Buffer): Rgba => {
  const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1e6, maxMemoryUsageInMB: 512 });
  return {
    data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length),
    width: image.width,
    height: image.height,
  };
};

// PDF ------------------------------------------------------------------------------------------------------------

type PdfObject = { dict: string; stream: Buffer | null };

/** The objects of a PDF by number: each one's dictionary text and stream bytes (streams are never in object streams). */
const pdfObjects = (pdf: Buffer): Map<number, PdfObject> => {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+)\s+\d+\s+obj\b/g;
  for (let m = header.exec(text); m; m = header.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endobj', start);
    if (end < 0) break;
    const streamAt = text.indexOf('stream', start);
    if (streamAt < 0 || streamAt > end) {
      objects.set(Number(m[1]), { dict: text.slice(start, end), stream: null });
      continue;
    }
    let dataStart = streamAt + 'stream'.length;
    if (text[dataStart] === '\r') dataStart++;
    if (text[dataStart] === '\n') dataStart++;
    const dict = text.slice(start, streamAt);
    const direct = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    let dataEnd = direct ? dataStart + Number(direct[1]) : -1;
    if (dataEnd < 0 || dataEnd > pdf.length || !/^\s*endstream/.test(text.slice(dataEnd, dataEnd + 20))) {
      // An indirect or wrong /Length: the data runs to "endstream", less the end-of-line before it.
      dataEnd = text.indexOf('endstream', dataStart);
      if (dataEnd < 0) break;
      if (text[dataEnd - 1] === '\n') dataEnd--;
      if (text[dataEnd - 1] === '\r') dataEnd--;
    }
    objects.set(Number(m[1]), { dict, stream: pdf.subarray(dataStart, dataEnd) });
    header.lastIndex = Math.max(header.lastIndex, text.indexOf('endobj', dataEnd));
  }
  return objects;
};

const numberIn = (dict: string, key: string, objects: Map<number, PdfObject>): number | null => {
  const ref = new RegExp(`/${key}\\s+(\\d+)\\s+\\d+\\s+R`).exec(dict);
  if (ref) {
    const target = objects.get(Number(ref[1]))?.dict.trim();
    return target && /^\d+$/.test(target) ? Number(target) : null;
  }
  const direct = new RegExp(`/${key}\\s+(-?\\d+)`).exec(dict);
  return direct ? Number(direct[1]) : null;
};

const filtersOf = (dict: string): string[] => {
  const m = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dict);
  return m?.[1] ? [...m[1].matchAll(/\/(\w+)/g)].map((f) => f[1] ?? '') : [];
};

/** PNG predictors (PDF 32000-1 §7.4.4.4): each row starts with its filter byte. */
const unpredict = (data: Buffer, columns: number, colors: number, bits: number): Buffer => {
  const bpp = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowBytes = Math.ceil((columns * colors * bits) / 8);
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = Buffer.alloc(rows * rowBytes);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowBytes + 1)] ?? 0;
    const src = r * (rowBytes + 1) + 1;
    const at = r * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[src + i] ?? 0;
      const a = i >= bpp ? (out[at + i - bpp] ?? 0) : 0;
      const b = r > 0 ? (out[at - rowBytes + i] ?? 0) : 0;
      const c = r > 0 && i >= bpp ? (out[at - rowBytes + i - bpp] ?? 0) : 0;
      let value = raw;
      if (type === 1) value = raw + a;
      else if (type === 2) value = raw + b;
      else if (type === 3) value = raw + ((a + b) >> 1);
      else if (type === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        value = raw + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      out[at + i] = value & 0xff;
    }
  }
  return out;
};

type ColorSpace = { components: number; palette: Buffer | null; baseComponents: number };

const componentsOfName = (name: string): number | null =>
  ({ DeviceGray: 1, CalGray: 1, G: 1, DeviceRGB: 3, CalRGB: 3, RGB: 3, DeviceCMYK: 4, CMYK: 4 })[name] ?? null;

const colorSpaceOf = (dict: string, objects: Map<number, PdfObject>): ColorSpace | null => {
  let spec = /\/ColorSpace\s*(\/\w+|\[[^\]]*\]|\d+\s+\d+\s+R)/.exec(dict)?.[1] ?? '';
  const ref = /^(\d+)\s+\d+\s+R$/.exec(spec);
  if (ref) spec = objects.get(Number(ref[1]))?.dict.trim() ?? '';
  const name = /^\/(\w+)$/.exec(spec)?.[1];
  if (name) {
    const components = componentsOfName(name);
    return components ? { components, palette: null, baseComponents: components } : null;
  }
  const iccRef = /^\[\s*\/ICCBased\s+(\d+)\s+\d+\s+R/.exec(spec);
  if (iccRef) {
    const n = numberIn(objects.get(Number(iccRef[1]))?.dict ?? '', 'N', objects);
    return n ? { components: n, palette: null, baseComponents: n } : null;
  }
  // [/Indexed base hival <hex> | (literal) | ref]: one index a sample into a palette of the base space.
  const indexed = /^\[\s*\/(?:Indexed|I)\s+(\/\w+|\[[^\]]*\]|\d+\s+\d+\s+R)\s+(\d+)\s+([\s\S]*)\]$/.exec(spec);
  if (indexed) {
    const baseName = /^\/(\w+)$/.exec(indexed[1] ?? '')?.[1];
    const base = baseName ? componentsOfName(baseName) : 3;
    const lookup = (indexed[3] ?? '').trim();
    let palette: Buffer | null = null;
    const hex = /^<([0-9A-Fa-f\s]*)>$/.exec(lookup);
    const lookupRef = /^(\d+)\s+\d+\s+R$/.exec(lookup);
    if (hex) palette = Buffer.from((hex[1] ?? '').replace(/\s/g, ''), 'hex');
    else if (lookupRef) {
      const target = objects.get(Number(lookupRef[1]));
      palette = target?.stream ? (filtersOf(target.dict).includes('FlateDecode') ? inflateSync(target.stream) : target.stream) : null;
    }
    return base && palette ? { components: 1, palette, baseComponents: base } : null;
  }
  return null;
};

/** The grey level (0 black .. 255 white) of every pixel of an image XObject, or null when it cannot be read. */
const pdfImageGrey = (object: PdfObject, objects: Map<number, PdfObject>): { grey: Uint8Array; width: number; height: number } | null => {
  const { dict, stream } = object;
  if (!stream) return null;
  const width = numberIn(dict, 'Width', objects) ?? numberIn(dict, 'W', objects);
  const height = numberIn(dict, 'Height', objects) ?? numberIn(dict, 'H', objects);
  if (!width || !height || width * height > MAX_PIXELS) return null;
  const filters = filtersOf(dict);
  let data = stream;
  for (const [i, filter] of filters.entries()) {
    if (filter === 'FlateDecode' || filter === 'Fl') data = inflateSync(data);
    else if ((filter === 'DCTDecode' || filter === 'DCT') && i === filters.length - 1) {
      const image = jpegPixels(data);
      const grey = new Uint8Array(image.width * image.height);
      for (let p = 0; p < grey.length; p++) {
        grey[p] = ((image.data[p * 4] ?? 0) * 299 + (image.data[p * 4 + 1] ?? 0) * 587 + (image.data[p * 4 + 2] ?? 0) * 114) / 1000;
      }
      return { grey, width: image.width, height: image.height };
    } else return null; // JPX, JBIG2, CCITT: not QR images of an e-invoice in practice.
  }
  const isMask = /\/ImageMask\s+true/.test(dict);
  const space: ColorSpace | null = isMask ? { components: 1, palette: null, baseComponents: 1 } : colorSpaceOf(dict, objects);
  if (!space) return null;
  const bits = isMask ? 1 : (numberIn(dict, 'BitsPerComponent', objects) ?? 8);
  // DecodeParms direct, or a reference to its dictionary (pdfkit writes it so).
  const parmsRef = /\/DecodeParms\s+(\d+)\s+\d+\s+R/.exec(dict)?.[1];
  const parms = parmsRef ? (objects.get(Number(parmsRef))?.dict ?? '') : (/\/DecodeParms\s*<<([^>]*)>>/.exec(dict)?.[1] ?? '');
  const predictor = numberIn(parms, 'Predictor', objects) ?? 1;
  if (predictor >= 10) data = unpredict(data, width, space.components, bits);
  else if (predictor !== 1) return null;
  const decode = /\/Decode\s*\[\s*([\d.]+)\s+([\d.]+)/.exec(dict);
  // An image mask paints where the sample is 0 (black), unless its Decode array is [1 0].
  const isInverted = decode ? Number(decode[1]) > Number(decode[2]) : false;
  const rowBytes = Math.ceil((width * space.components * bits) / 8);
  const max = (1 << bits) - 1;
  const sample = (row: number, index: number): number => {
    if (bits === 8) return data[row * rowBytes + index] ?? 0;
    const bit = index * bits;
    const byte = data[row * rowBytes + (bit >> 3)] ?? 0;
    return (byte >> (8 - bits - (bit & 7))) & max;
  };
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let c: number[] = [];
      for (let k = 0; k < space.components; k++) c.push(sample(y, x * space.components + k));
      if (space.palette) {
        const at = (c[0] ?? 0) * space.baseComponents;
        c = [...space.palette.subarray(at, at + space.baseComponents)];
      } else if (bits !== 8) c = c.map((v) => Math.round((v * 255) / max));
      let level: number;
      if (c.length >= 4) {
        const k = c[3] ?? 0;
        level = 255 - Math.min(255, ((c[0] ?? 0) * 299 + (c[1] ?? 0) * 587 + (c[2] ?? 0) * 114) / 1000 + k);
      } else if (c.length === 3) level = ((c[0] ?? 0) * 299 + (c[1] ?? 0) * 587 + (c[2] ?? 0) * 114) / 1000;
      else level = c[0] ?? 0;
      grey[y * width + x] = isInverted ? 255 - level : level;
    }
  }
  // Alpha of the image (SMask): what is transparent shows the white page.
  const smask = /\/SMask\s+(\d+)\s+\d+\s+R/.exec(dict);
  const alphaObject = smask ? objects.get(Number(smask[1])) : undefined;
  const alpha = alphaObject ? pdfImageGrey(alphaObject, objects) : null;
  if (alpha && alpha.width === width && alpha.height === height) {
    for (let p = 0; p < grey.length; p++) {
      const a = alpha.grey[p] ?? 255;
      grey[p] = ((grey[p] ?? 0) * a + 255 * (255 - a)) / 255;
    }
  }
  return { grey, width, height };
};

const rgbaOfGrey = ({ grey, width, height }: { grey: Uint8Array; width: number; height: number }): Rgba => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let p = 0; p < grey.length; p++) {
    const v = grey[p] ?? 0;
    data[p * 4] = v;
    data[p * 4 + 1] = v;
    data[p * 4 + 2] = v;
    data[p * 4 + 3] = 255;
  }
  return { data, width, height };
};

type GreyImage = { grey: Uint8Array; width: number; height: number };

/**
 * The PDF's images as grey levels (0 black .. 255 white, alpha over white), the largest (by its bytes) first; an
 * image that cannot be decoded is left out.
 */
export const pdfImagesGrey = (pdf: Buffer): GreyImage[] => {
  const objects = pdfObjects(pdf);
  // An image's alpha (SMask) is read with its image, not as an image of its own.
  const masks = new Set(
    [...objects.values()]
      .map((o) => /\/SMask\s+(\d+)\s+\d+\s+R/.exec(o.dict)?.[1])
      .filter(Boolean)
      .map(Number),
  );
  const images = [...objects.entries()]
    .filter(([n, o]) => o.stream && /\/Subtype\s*\/Image/.test(o.dict) && !masks.has(n))
    .map(([, o]) => o)
    .sort((a, b) => (b.stream?.length ?? 0) - (a.stream?.length ?? 0));
  const out: GreyImage[] = [];
  for (const image of images) {
    try {
      const pixels = pdfImageGrey(image, objects);
      if (pixels) out.push(pixels);
    } catch {
      // A damaged or unusual image: the others are still read.
    }
  }
  return out;
};

/** Every QR text found in the PDF's images. */
const pdfQrTexts = (pdf: Buffer): string[] =>
  pdfImagesGrey(pdf)
    .map((image) => qrTextOf(rgbaOfGrey(image)))
    .filter((text): text is string => text !== null);

/**
 * The signed QR code (JWS) in the file, or null when none is found. Of several QR codes, the first that is a JWS;
 * with none, the first QR text (the caller says it is not a signed QR).
 */
export const readSignedQr = (bytes: Buffer, fileType: EinvoiceQrFileType): string | null => {
  let texts: string[];
  switch (fileType) {
    case 'TXT':
      texts = [bytes.toString('utf8').replace(/^\uFEFF/, '')];
      break;
    case 'PNG':
      texts = [qrTextOf(pngPixels(bytes))].filter((t): t is string => t !== null);
      break;
    case 'JPG':
      texts = [qrTextOf(jpegPixels(bytes))].filter((t): t is string => t !== null);
      break;
    case 'PDF':
      texts = pdfQrTexts(bytes);
      break;
  }
  for (const text of texts) {
    const jws = JWS.exec(text)?.[0];
    if (jws) return jws;
  }
  const [first] = texts.map((t) => t.trim()).filter(Boolean);
  return first ?? null;
};
