// What may be done with an e-way bill now, and why not (GST-RULES-DETAIL §4): the product offers an action only inside
// its legal window and names the reason otherwise, so the portal never has to refuse what the screen could foresee.
// - Cancel: the generator, within 24 hours of generation (Rule 138(9)); not once verified in transit (Rule 138B), which
//   only the portal knows.
// - Reject: the other party, within 72 hours of the details being made available, or before delivery if earlier
//   (Rule 138(12)); silence is acceptance.
// - Part B (vehicle) and transporter: while the e-way bill is valid (a Part-A slip, without validity yet, also); when a
//   transporter is assigned, extending is theirs, not the generator's (NIC's rule).
// - Extension: within eight hours either side of the end of validity, and (from 1 January 2025) not past 360 days from
//   generation (Rule 138(10) second proviso; checkEwaybillExtension).
// - Consolidation (EWB-02) and multi-vehicle movement: only active, unexpired e-way bills moved by road.
import { checkEwaybillExtension, istDateTimeText } from './validity';

const HOUR_MS = 3_600_000;
export const EWB_CANCEL_HOURS = 24;
export const EWB_REJECT_HOURS = 72;

/** Where an e-way bill stands at the portal: every state in which it is still a live document of movement is Active. */
export type EwaybillState = 'Active' | 'Cancelled' | 'Rejected' | 'Delivered' | 'Discarded';

export type EwaybillActionParty = 'Generator' | 'Transporter' | 'Recipient';

export type EwaybillActionInput = {
  state: EwaybillState;
  generatedAt: Date;
  /** The end of validity; null for a Part-A slip (no vehicle yet: validity starts with Part B). */
  validUntil: Date | null;
  /** Road, rail, air, ship (the API's 1..4), or null before Part B. */
  transportMode: '1' | '2' | '3' | '4' | '5' | null;
  /** Whether a transporter (GSTIN or TRANSIN) is assigned: then the transporter, not the generator, extends. */
  hasTransporter: boolean;
  /** Who asks: the one who generated it, its assigned transporter, or the other party (recipient or supplier). */
  party: EwaybillActionParty;
  at: Date;
};

export type EwaybillAction = 'cancel' | 'reject' | 'updateVehicle' | 'updateTransporter' | 'extend' | 'consolidate' | 'multiVehicle';

export type EwaybillActionCheck = { allowed: true } | { allowed: false; reason: string };

const ist = istDateTimeText;

const refused = (reason: string): EwaybillActionCheck => ({ allowed: false, reason });
const ALLOWED: EwaybillActionCheck = { allowed: true };

const notActive = (state: EwaybillState): string =>
  state === 'Cancelled'
    ? 'The e-way bill is cancelled.'
    : state === 'Rejected'
      ? 'The e-way bill was rejected by the other party.'
      : state === 'Delivered'
        ? 'The goods are delivered.'
        : 'The e-way bill was discarded.';

const isExpired = (input: EwaybillActionInput): boolean => input.validUntil !== null && input.at.getTime() > input.validUntil.getTime();

/** Whether `action` may be taken now, with the reason when not. */
export const checkEwaybillAction = (action: EwaybillAction, input: EwaybillActionInput): EwaybillActionCheck => {
  if (input.state !== 'Active') return refused(notActive(input.state));
  const age = input.at.getTime() - input.generatedAt.getTime();
  switch (action) {
    case 'cancel': {
      if (input.party !== 'Generator') return refused('Only the one who generated the e-way bill may cancel it (Rule 138(9)).');
      const until = new Date(input.generatedAt.getTime() + EWB_CANCEL_HOURS * HOUR_MS);
      return age <= EWB_CANCEL_HOURS * HOUR_MS
        ? ALLOWED
        : refused(`An e-way bill may be cancelled within 24 hours of generation, until ${ist(until)} (Rule 138(9)).`);
    }
    case 'reject': {
      if (input.party !== 'Recipient')
        return refused('Only the other party (the recipient or supplier named) may reject it (Rule 138(12)).');
      const until = new Date(input.generatedAt.getTime() + EWB_REJECT_HOURS * HOUR_MS);
      return age <= EWB_REJECT_HOURS * HOUR_MS
        ? ALLOWED
        : refused(`It could be rejected within 72 hours, until ${ist(until)}; after that it is deemed accepted (Rule 138(12)).`);
    }
    case 'updateVehicle':
    case 'updateTransporter': {
      if (input.party === 'Recipient')
        return refused('The generator or the assigned transporter updates the movement, not the other party.');
      return isExpired(input) && input.validUntil
        ? refused(`The e-way bill expired at ${ist(input.validUntil)}: extend it first, within eight hours of expiry.`)
        : ALLOWED;
    }
    case 'extend': {
      if (input.party === 'Recipient') return refused('The generator or the assigned transporter extends the validity.');
      if (input.party === 'Generator' && input.hasTransporter)
        return refused('A transporter is assigned to this e-way bill: the transporter extends its validity.');
      if (!input.validUntil) return refused('A Part-A slip has no validity yet: enter the vehicle (Part B) first.');
      const check = checkEwaybillExtension({ generatedAt: input.generatedAt, validUntil: input.validUntil, at: input.at });
      if (check.allowed) return ALLOWED;
      return refused(
        check.reason === 'over360Days'
          ? 'No e-way bill may be valid beyond 360 days from its generation (from 1 January 2025).'
          : `Validity may be extended from ${ist(check.windowFrom)} to ${ist(check.windowTo)}, eight hours either side of its end (Rule 138(10)).`,
      );
    }
    case 'consolidate':
    case 'multiVehicle': {
      if (input.party === 'Recipient') return refused('The generator or the assigned transporter moves the goods, not the other party.');
      if (isExpired(input) && input.validUntil) return refused(`The e-way bill expired at ${ist(input.validUntil)}.`);
      if (input.transportMode !== null && input.transportMode !== '1')
        return refused(
          action === 'consolidate'
            ? 'Only e-way bills moving by road are consolidated into one conveyance.'
            : 'Only a movement by road changes vehicles.',
        );
      return ALLOWED;
    }
  }
};

/** Every action with its answer, for a screen that shows each button with its reason. */
export const ewaybillActions = (input: EwaybillActionInput): Record<EwaybillAction, EwaybillActionCheck> => ({
  cancel: checkEwaybillAction('cancel', input),
  reject: checkEwaybillAction('reject', input),
  updateVehicle: checkEwaybillAction('updateVehicle', input),
  updateTransporter: checkEwaybillAction('updateTransporter', input),
  extend: checkEwaybillAction('extend', input),
  consolidate: checkEwaybillAction('consolidate', input),
  multiVehicle: checkEwaybillAction('multiVehicle', input),
});
