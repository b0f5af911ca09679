import { z } from 'zod';

/** An amount of money in integer paise (never a float: ₹1,180.50 is 118050). */
export const paise = z.number().int();

/** The taxable value and the four tax heads of a document or a total, in paise: spread into an object schema. */
export const TAX_AMOUNTS = {
  taxable: paise,
  igst: paise,
  cgst: paise,
  sgst: paise,
  cess: paise,
} as const;
