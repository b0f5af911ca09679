// Indian port codes (NIC/ICEGATE, 1,005 codes in official/masters/port_codes.csv): "IN" + 4 letters or digits,
// e.g. INBOM4. GSTR-1 export `sbpcode` is at most 6 alphanumerics; e-invoice ExpDtls.Port 2-10 alphanumerics.
// The format is enough to catch typing errors; the full list is master data the server loads.
const PORT_CODE = /^IN[A-Z0-9]{4}$/;

export const isPortCodeFormat = (code: string): boolean => PORT_CODE.test(code);
