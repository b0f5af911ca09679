export * from './types';
export {
  isB2cLarge,
  isInterState,
  isRegistered,
  invoiceTypeOf,
  exportTypeOf,
  b2csTypeOf,
  nilSupplyTypeOf,
  hsnTabOf,
  placeOfSupplyOf,
  sectionOf,
  unregisteredNoteTypeOf,
  type DocumentSection,
} from './classify';
export { buildGstr1, TABLE14_FIRST_PERIOD } from './build';
export { summarizeGstr1, type Gstr1SectionSummary } from './summary';
export { parseGstr1, type ParsedGstr1 } from './parse';
export { rupeesOf, rateOf, quantityOf, portalDateOf } from './portal-values';
