// What other modules use of DRC-01B / DRC-01C: reading the intimations from the portal (GSTR-3B reads them as it files).
export { syncIntimations } from './drc01.service';
