export * from './set-off';
export * from './interest';
export * from './late-fee';
export * from './types';
export { buildGstr3b, periodsCovered } from './build';
export { gstr3bPaymentOf, type Gstr3bPaymentCharges, type Gstr3bPaymentFigures } from './payment';
export { gstr3bJsonOf, type Gstr3bJson } from './json';
export { gstr3bJsonProblems } from './json-structure';
export { OUTWARD_LOCKED_FROM, INTER_STATE_LOCKED_FROM, locksOf } from './locks';
