// Field limits of spec core §5 "Maximum lengths" and patterns, for forms and imports.
export const MAX_LENGTHS = {
  gstin: 15,
  ewayBillNumber: 12,
  documentNumber: 16,
  referenceId: 40,
  vehicleNumber: 20,
  transportDocumentNumber: 15,
  pan: 10,
  hsn: 8,
  emailSubject: 150,
  notificationSubject: 50,
  systemNotificationSubject: 500,
  notificationRemark: 200,
  systemNotificationRemark: 1000,
  columnAlias: 40,
  remark: 100,
  msmeId: 19,
  tan: 10,
  cin: 21,
  paymentMode: 18,
  emailDomain: 253,
  otp: 6,
} as const;

/** Spec core §5: a phone number is 7 to 20 digits with an optional leading plus. */
export const PHONE_PATTERN = /^\+?[0-9]{7,20}$/;

export const isPhoneNumber = (value: string): boolean => PHONE_PATTERN.test(value);

/** "98450 12345", "+91-98450-12345", "(022) 2345 6789" as people write them: the separators dropped. */
export const phoneDigits = (value: string): string => value.trim().replace(/[\s().-]/g, '');
