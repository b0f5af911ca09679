// The IRP's generate-IRN request body: e-invoice schema INV-01 v1.1 (NIC e-invoice portal, schema/nic_einvoice_schema_v1.1.json),
// typed as buildEinvoice writes it. Amounts are rupees with at most 2 decimals, Qty and UnitPrice at most 3, rates in
// percent (at most 3 decimals); dates DD/MM/YYYY. Optional members are left out rather than sent empty or null.

export type EinvoiceTranDtls = {
  TaxSch: 'GST';
  SupTyp: 'B2B' | 'SEZWP' | 'SEZWOP' | 'EXPWP' | 'EXPWOP' | 'DEXP';
  RegRev?: 'Y' | 'N';
  EcmGstin?: string;
  IgstOnIntra?: 'Y' | 'N';
};

export type EinvoiceDocDtls = { Typ: 'INV' | 'CRN' | 'DBN'; No: string; Dt: string };

export type EinvoiceSellerDtls = {
  Gstin: string;
  LglNm: string;
  TrdNm?: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: number;
  Stcd: string;
  Ph?: string;
  Em?: string;
};

export type EinvoiceBuyerDtls = {
  Gstin: string;
  LglNm: string;
  TrdNm?: string;
  Pos: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin?: number;
  Stcd: string;
  Ph?: string;
  Em?: string;
};

export type EinvoiceDispDtls = { Nm: string; Addr1: string; Addr2?: string; Loc: string; Pin: number; Stcd: string };

export type EinvoiceShipDtls = {
  Gstin?: string;
  LglNm: string;
  TrdNm?: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: number;
  Stcd: string;
};

export type EinvoiceItem = {
  SlNo: string;
  PrdDesc?: string;
  IsServc: 'Y' | 'N';
  HsnCd: string;
  Barcde?: string;
  Qty?: number;
  FreeQty?: number;
  Unit?: string;
  UnitPrice: number;
  TotAmt: number;
  Discount?: number;
  PreTaxVal?: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt: number;
  CgstAmt: number;
  SgstAmt: number;
  CesRt?: number;
  CesAmt?: number;
  CesNonAdvlAmt?: number;
  StateCesRt?: number;
  StateCesAmt?: number;
  StateCesNonAdvlAmt?: number;
  OthChrg?: number;
  TotItemVal: number;
  OrgCntry?: string;
};

export type EinvoiceValDtls = {
  AssVal: number;
  CgstVal: number;
  SgstVal: number;
  IgstVal: number;
  CesVal: number;
  StCesVal: number;
  Discount: number;
  OthChrg: number;
  RndOffAmt: number;
  TotInvVal: number;
  TotInvValFc?: number;
};

export type EinvoiceRefDtls = { InvRm?: string; PrecDocDtls?: { InvNo: string; InvDt: string }[] };

export type EinvoiceExpDtls = {
  ShipBNo?: string;
  ShipBDt?: string;
  Port?: string;
  RefClm?: 'Y' | 'N';
  ForCur?: string;
  CntCode?: string;
  ExpDuty?: number;
};

export type EinvoiceEwbDtls = {
  TransId?: string;
  TransName?: string;
  TransMode?: '1' | '2' | '3' | '4';
  Distance: number;
  TransDocNo?: string;
  TransDocDt?: string;
  VehNo?: string;
  VehType?: 'O' | 'R';
};

export type EinvoiceJson = {
  Version: '1.1';
  TranDtls: EinvoiceTranDtls;
  DocDtls: EinvoiceDocDtls;
  SellerDtls: EinvoiceSellerDtls;
  BuyerDtls: EinvoiceBuyerDtls;
  DispDtls?: EinvoiceDispDtls;
  ShipDtls?: EinvoiceShipDtls;
  ItemList: EinvoiceItem[];
  ValDtls: EinvoiceValDtls;
  RefDtls?: EinvoiceRefDtls;
  ExpDtls?: EinvoiceExpDtls;
  EwbDtls?: EinvoiceEwbDtls;
};
