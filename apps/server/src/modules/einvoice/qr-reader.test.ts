// The PDF side of the QR reader on image XObjects as other systems write them, built by hand: 1-bit grey with an
// indirect /Length, an indexed palette, an image mask (and its inverted Decode), CMYK, a PNG predictor with a
// DecodeParms dictionary inline; and what is not a QR image (no image, a damaged stream) gives no QR, not an error.
import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { qrMatrix } from './qr-image';
import { pdfImagesGrey, qrFileTypeOf, readSignedQr } from './qr-reader';

const TEXT = `eyJhbGciOiJSUzI1NiJ9.${'eyJkYXRhIjoie30ifQ'.repeat(20)}.${'c2lnbmF0dXJl'.repeat(10)}`;
const SCALE = 3;
const matrix = qrMatrix(TEXT, 'M');
const side = (matrix.length + 8) * SCALE;
const isDark = (x: number, y: number): boolean => matrix[Math.floor(y / SCALE) - 4]?.[Math.floor(x / SCALE) - 4] === true;

/** Rows of samples, `bits` each, packed most significant bit first, each row padded to a byte. */
const packed = (sample: (x: number, y: number) => number[], bits: number, perRowPrefix: number[] = []): Buffer => {
  const rows: number[] = [];
  for (let y = 0; y < side; y++) {
    rows.push(...perRowPrefix);
    let acc = 0;
    let used = 0;
    for (let x = 0; x < side; x++) {
      for (const v of sample(x, y)) {
        acc = (acc << bits) | v;
        used += bits;
        if (used === 8) {
          rows.push(acc);
          acc = 0;
          used = 0;
        }
      }
    }
    if (used > 0) rows.push(acc << (8 - used));
  }
  return Buffer.from(rows);
};

/** A PDF of one image object with `dict` (the Width, Height and Filter given here) and the deflated `data`. */
const pdfOf = (dict: string, data: Buffer, lengthIndirect = false): Buffer => {
  const stream = deflateSync(data);
  const length = lengthIndirect ? '9 0 R' : String(stream.length);
  return Buffer.concat([
    Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Page >>\nendobj\n`, 'latin1'),
    Buffer.from(
      `5 0 obj\n<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /Filter /FlateDecode /Length ${length} ${dict} >>\nstream\n`,
      'latin1',
    ),
    stream,
    Buffer.from(`\nendstream\nendobj\n9 0 obj\n${stream.length}\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1'),
  ]);
};

/**
 * The QR read back, and the colours right way round: the reader also tries an inverted image, so the first dark
 * module of the finder pattern must be black and the quiet zone white.
 */
const expectRead = (pdf: Buffer) => {
  expect(readSignedQr(pdf, 'PDF')).toBe(TEXT);
  const [image] = pdfImagesGrey(pdf);
  expect(image?.grey[0], 'quiet zone').toBe(255);
  expect(image?.grey[4 * SCALE * side + 4 * SCALE], 'finder pattern').toBe(0);
};

describe('readSignedQr from PDF images', () => {
  it('reads a 1-bit grey image whose /Length is an indirect object', () => {
    const pdf = pdfOf(
      '/ColorSpace /DeviceGray /BitsPerComponent 1',
      packed((x, y) => [isDark(x, y) ? 0 : 1], 1),
      true,
    );
    expect(qrFileTypeOf('scan.pdf', pdf)).toBe('PDF');
    expectRead(pdf);
  });

  it('reads an indexed image (palette white, black) and a CMYK image', () => {
    const indexed = pdfOf(
      '/ColorSpace [/Indexed /DeviceRGB 1 <FFFFFF000000>] /BitsPerComponent 8',
      packed((x, y) => [isDark(x, y) ? 1 : 0], 8),
    );
    expectRead(indexed);
    const cmyk = pdfOf(
      '/ColorSpace /DeviceCMYK /BitsPerComponent 8',
      packed((x, y) => [0, 0, 0, isDark(x, y) ? 255 : 0], 8),
    );
    expectRead(cmyk);
  });

  it('reads an image mask, painted where the sample is 0, or 1 with Decode [1 0]', () => {
    const mask = pdfOf(
      '/ImageMask true',
      packed((x, y) => [isDark(x, y) ? 0 : 1], 1),
    );
    expectRead(mask);
    const inverted = pdfOf(
      '/ImageMask true /Decode [1 0]',
      packed((x, y) => [isDark(x, y) ? 1 : 0], 1),
    );
    expectRead(inverted);
  });

  it('reads RGB rows behind the PNG "Up" predictor with the DecodeParms inline', () => {
    // Filter type 2 (Up) with every row's bytes given as the difference from the row above.
    const plain = packed((x, y) => (isDark(x, y) ? [0, 0, 0] : [255, 255, 255]), 8);
    const rowBytes = side * 3;
    const predicted = Buffer.alloc((rowBytes + 1) * side);
    for (let y = 0; y < side; y++) {
      predicted[y * (rowBytes + 1)] = 2;
      for (let i = 0; i < rowBytes; i++) {
        const above = y > 0 ? (plain[(y - 1) * rowBytes + i] ?? 0) : 0;
        predicted[y * (rowBytes + 1) + 1 + i] = ((plain[y * rowBytes + i] ?? 0) - above) & 0xff;
      }
    }
    const pdf = pdfOf(`/ColorSpace /DeviceRGB /BitsPerComponent 8 /DecodeParms << /Predictor 15 /Colors 3 /Columns ${side} >>`, predicted);
    expectRead(pdf);
  });

  it('finds no QR in a PDF without images or with a damaged image stream', () => {
    expect(readSignedQr(Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Page >>\nendobj\n%%EOF\n'), 'PDF')).toBeNull();
    const damaged = Buffer.from(
      `%PDF-1.4\n5 0 obj\n<< /Subtype /Image /Width 10 /Height 10 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length 5 >>\nstream\nxxxxx\nendstream\nendobj\n%%EOF\n`,
    );
    expect(readSignedQr(damaged, 'PDF')).toBeNull();
  });
});
