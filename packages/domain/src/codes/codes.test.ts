import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, isCurrencyCode } from './currencies';
import { DOCUMENT_TYPE_CODES, DOCUMENT_TYPES, documentSign, isDocumentType, NEGATIVE_DOCUMENT_TYPES } from './document-types';
import { EWB_DOCUMENT_TYPES } from './ewaybill-codes';
import { isPortCodeFormat } from './ports';
import { EINVOICE_SUPPLY_TYPES } from './supply-types';
import { isTaxpayerType } from './taxpayer-types';
import { isUqc, UQC, UQC_CODES } from './uqc';
import { isPhoneNumber, MAX_LENGTHS } from './limits';

const masters = new URL('../../../../official/masters/', import.meta.url);
const csv = (name: string): string[][] =>
  readFileSync(new URL(name, masters), 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.split(','));

describe('code lists match the official masters', () => {
  it('UQC: all 45 codes with descriptions', () => {
    const rows = csv('uqc.csv');
    expect(UQC_CODES).toHaveLength(rows.length);
    for (const [code, desc] of rows) expect(UQC[code as keyof typeof UQC]).toBe(desc);
    expect(isUqc('KGS')).toBe(true);
    expect(isUqc('kgs')).toBe(false);
    expect(isUqc('toString')).toBe(false);
  });
  it('currencies: all 179 codes', () => {
    const rows = csv('currency_codes.csv');
    expect(CURRENCY_CODES.size).toBe(rows.length);
    for (const [code] of rows) expect(isCurrencyCode(code!)).toBe(true);
    expect(isCurrencyCode('ZZZ')).toBe(false);
  });
  it('ports: every listed code has the port-code format', () => {
    for (const [code] of csv('port_codes.csv')) expect(isPortCodeFormat(code!)).toBe(true);
    expect(isPortCodeFormat('INBOM')).toBe(false);
    expect(isPortCodeFormat('USNYC1')).toBe(false);
  });
  it('document and supply types cover the official enums', () => {
    for (const t of ['INV', 'CRN', 'DBN']) expect(DOCUMENT_TYPES[t as 'INV'].einvoice).toBe(true);
    for (const t of Object.keys(EWB_DOCUMENT_TYPES)) expect(isDocumentType(t)).toBe(true);
    expect(isDocumentType('XYZ')).toBe(false);
    expect(Object.keys(EINVOICE_SUPPLY_TYPES)).toEqual(['B2B', 'SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP', 'DEXP']);
    expect(isTaxpayerType('Regular')).toBe(true);
    expect(isTaxpayerType('Nope')).toBe(false);
  });
});

describe('limits (spec core §5)', () => {
  it('has the maximum lengths and the phone pattern', () => {
    expect(MAX_LENGTHS.documentNumber).toBe(16);
    expect(MAX_LENGTHS.gstin).toBe(15);
    expect(isPhoneNumber('+919876543210')).toBe(true);
    expect(isPhoneNumber('123456')).toBe(false);
    expect(isPhoneNumber('1'.repeat(21))).toBe(false);
  });
});

describe('documentSign (CGST Act s.34)', () => {
  it('counts a credit note negative and every other document positive', () => {
    expect(documentSign('CRN')).toBe(-1);
    for (const type of DOCUMENT_TYPE_CODES.filter((t) => t !== 'CRN')) expect(documentSign(type)).toBe(1);
    expect(documentSign('unknown')).toBe(1);
    // The list SQL sums by is the same rule.
    expect(DOCUMENT_TYPE_CODES.filter((type) => documentSign(type) === -1)).toEqual([...NEGATIVE_DOCUMENT_TYPES]);
  });
});
