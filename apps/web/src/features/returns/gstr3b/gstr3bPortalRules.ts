import type { Gstr3bDetail, Gstr3bSetOff } from '@opengst/contracts';
import type { TextKey } from '../../../i18n/useText';
import { isComputed, isComputing } from './gstr3bRules';

// Which GST portal action of a GSTR-3B may run now, and why not (UI.md "A locked action says why"), in the order the
// portal takes them (spec core §4): Save, Submit (freezes the figures), Offset (pays the liability, s.49), File with
// EVC (the portal files a return only once its liability is paid). The server checks the same; this says it first.

export type Gstr3bPortalAction = 'save' | 'saveStatus' | 'submit' | 'offset' | 'file';
export type Gstr3bPortalState = Record<Gstr3bPortalAction, TextKey | null>;

/** Computed again or figures saved after the last save to the portal: what the portal holds is not the return. */
const isChangedSinceSave = (detail: Gstr3bDetail): boolean => {
  const savedAt = detail.portal.savedAt;
  if (!savedAt) return false;
  return [detail.computedAt, detail.userSavedAt].some((at) => at !== null && Date.parse(at) > Date.parse(savedAt));
};

export const gstr3bPortalActionState = (
  detail: Gstr3bDetail,
  canFile: boolean,
  setOff: Pick<Gstr3bSetOff, 'cashNeeded'> | undefined,
): Gstr3bPortalState => {
  if (!canFile) {
    const why = 'gstr3b.portal.noFileRight';
    return { save: why, saveStatus: why, submit: why, offset: why, file: why };
  }
  const isFiled = detail.status === 'Filed';
  const isSubmitted = detail.status === 'Submitted' || detail.status === 'Signed';
  const frozen: TextKey | null = isFiled ? 'gstr3b.portal.why.filed' : isSubmitted ? 'gstr3b.portal.why.submitted' : null;
  const notComputed: TextKey | null = !isComputed(detail)
    ? 'gstr3b.portal.why.notComputed'
    : isComputing(detail)
      ? 'gstr3b.portal.why.computing'
      : null;
  const save = notComputed ?? frozen;
  const submit =
    save ??
    (detail.portal.saveStatus !== 'P' || detail.status !== 'NotSubmitted'
      ? 'gstr3b.portal.why.notSaved'
      : isChangedSinceSave(detail)
        ? 'gstr3b.portal.why.changedSinceSave'
        : null);
  const afterSubmit: TextKey | null = isFiled ? 'gstr3b.portal.why.filed' : isSubmitted ? null : 'gstr3b.portal.why.notSubmitted';
  const offset =
    afterSubmit ??
    (detail.portal.offsetAt !== null
      ? 'gstr3b.portal.why.offsetDone'
      : (setOff?.cashNeeded?.total ?? 0) > 0
        ? 'gstr3b.portal.why.cashShort'
        : null);
  const file = afterSubmit ?? (detail.portal.offsetAt === null ? 'gstr3b.portal.why.notOffset' : null);
  return { save, saveStatus: detail.portal.saveStatus === 'IP' ? null : 'gstr3b.portal.why.notSaved', submit, offset, file };
};

/** The challan link of the set-off: /gst-challan-payment-process with each cell to deposit, in paise (ChallanCreateScreen). */
export const challanLinkOf = (entityId: number, setOff: Pick<Gstr3bSetOff, 'cashNeeded'>): string | null => {
  const needed = setOff.cashNeeded;
  if (!needed || needed.total === 0) return null;
  const params = new URLSearchParams({ entityId: String(entityId) });
  for (const [head, minors] of Object.entries(needed.challan))
    for (const [minor, paise] of Object.entries(minors)) if (paise > 0) params.set(`${head}.${minor}`, String(paise));
  return `/gst-challan-payment-process?${params.toString()}`;
};
