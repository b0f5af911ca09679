// Nature of supply: IGST Act 2017 sections 7 (inter-State) and 8 (intra-State).
import { stateFromCode } from '../identity/states';

export type SupplyNature = 'INTRA' | 'INTER';

export type SupplyNatureReason = 'IMPORT' | 'EXPORT' | 'SEZ' | 'SAME_STATE' | 'DIFFERENT_STATE';

export type SupplyNatureInput = {
  supplierState: string;
  placeOfSupply: string;
  isSez?: boolean;
  isExport?: boolean;
  isImport?: boolean;
};

export type SupplyNatureResult =
  | { ok: true; nature: SupplyNature; reason: SupplyNatureReason; section: string }
  | { ok: false; code: 'SUPPLIER_STATE' | 'PLACE_OF_SUPPLY'; message: string };

export const SUPPLY_NATURE_SECTIONS: Record<SupplyNatureReason, string> = {
  IMPORT: 'IGST Act s.7(2) (goods) and s.7(4) (services): imports into India are inter-State supplies',
  EXPORT: 'IGST Act s.7(5)(a): supplier in India, place of supply outside India',
  SEZ: 'IGST Act s.7(5)(b): supply to or by an SEZ developer or unit',
  SAME_STATE: 'IGST Act s.8(1) (goods) and s.8(2) (services): supplier location and place of supply in the same State or UT',
  DIFFERENT_STATE: 'IGST Act s.7(1) (goods) and s.7(3) (services): supplier location and place of supply in different States or UTs',
};

/** Codes that denote the same territory: 25 (Daman and Diu) merged into 26 from 26-01-2020. */
const canonicalState = (code: string): string => (code === '25' ? '26' : code);

export function supplyNature(input: SupplyNatureInput): SupplyNatureResult {
  const reason = supplyNatureReason(
    input.supplierState,
    input.placeOfSupply,
    input.isSez === true,
    input.isExport === true,
    input.isImport === true,
  );
  if (reason === 'SUPPLIER_STATE') return { ok: false, code: reason, message: 'Supplier state code is not a valid GST state code.' };
  if (reason === 'PLACE_OF_SUPPLY') return { ok: false, code: reason, message: 'Place of supply is not a valid GST state code.' };
  return { ok: true, nature: reason === 'SAME_STATE' ? 'INTRA' : 'INTER', reason, section: SUPPLY_NATURE_SECTIONS[reason] };
}

/** Allocation-free core of supplyNature. */
export function supplyNatureReason(
  supplierState: string,
  placeOfSupply: string,
  isSez: boolean,
  isExport: boolean,
  isImport: boolean,
): SupplyNatureReason | 'SUPPLIER_STATE' | 'PLACE_OF_SUPPLY' {
  if (isImport) return 'IMPORT';
  const supplier = stateFromCode(supplierState);
  if (!supplier || supplier.code === '96') return 'SUPPLIER_STATE';
  if (isExport || placeOfSupply === '96') return 'EXPORT';
  const pos = stateFromCode(placeOfSupply);
  if (!pos || pos.code === '99') return 'PLACE_OF_SUPPLY';
  if (isSez) return 'SEZ';
  return canonicalState(supplier.code) === canonicalState(pos.code) ? 'SAME_STATE' : 'DIFFERENT_STATE';
}
