// The masters module's face to other modules.
export { searchOfficialHsn } from './official-hsn.service';
