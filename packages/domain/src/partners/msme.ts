// MSME (Udyam) registration of a business partner: the Udyam registration number, the enterprise's class and activity.

/**
 * Udyam registration number (Notification S.O. 2119(E) of 26 June 2020, MSME Ministry): 'UDYAM-' + the 2-letter state
 * code + '-' + the 2-digit district code + '-' + a 7-digit serial, 19 characters ('UDYAM-MH-26-0012345'). The state
 * letters are the Udyam portal's own (Karnataka is KR there, KA in the GST list), so only their shape is checked.
 */
export const UDYAM_NUMBER_LENGTH = 19;
const UDYAM_PATTERN = /^UDYAM-[A-Z]{2}-\d{2}-\d{7}$/;

export type UdyamResult = { ok: true; number: string } | { ok: false; message: string };

/** Checks a Udyam registration number; trims and upper-cases it ('udyam-mh-26-0012345' is 'UDYAM-MH-26-0012345'). */
export const validateUdyamNumber = (value: string): UdyamResult => {
  const number = value.trim().toUpperCase();
  if (number === '') return { ok: false, message: 'Udyam registration number is required.' };
  if (number.length !== UDYAM_NUMBER_LENGTH)
    return {
      ok: false,
      message: `A Udyam registration number is ${UDYAM_NUMBER_LENGTH} characters (UDYAM-XX-00-0000000); this one is ${number.length}.`,
    };
  if (!UDYAM_PATTERN.test(number))
    return {
      ok: false,
      message:
        "A Udyam registration number is 'UDYAM-', the state's two letters, '-', two digits, '-' and seven digits (UDYAM-MH-26-0012345).",
    };
  return { ok: true, number };
};

/**
 * The classes of MSMED Act 2006 s.7(1): micro, small and medium enterprises, by investment in plant and machinery or
 * equipment and by turnover. The limits were revised from 1 April 2025 by Notification S.O. 1364(E) of 21 March 2025
 * (micro: investment up to ₹2.5 crore and turnover up to ₹10 crore; small: ₹25 crore and ₹100 crore; medium: ₹125 crore
 * and ₹500 crore). The master keeps the class as the Udyam certificate states it; it does not classify.
 */
export const MSME_CLASSES = ['Micro', 'Small', 'Medium'] as const;
export type MsmeClass = (typeof MSME_CLASSES)[number];
export const isMsmeClass = (value: string): value is MsmeClass => (MSME_CLASSES as readonly string[]).includes(value);

/** The major activity on the Udyam certificate; retail and wholesale trade register since the MSME Ministry's OM of 2 July 2021. */
export const MSME_ACTIVITIES = ['Manufacturing', 'Services', 'Trading'] as const;
export type MsmeActivity = (typeof MSME_ACTIVITIES)[number];
export const isMsmeActivity = (value: string): value is MsmeActivity => (MSME_ACTIVITIES as readonly string[]).includes(value);
