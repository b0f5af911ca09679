import { useState } from 'react';
import { Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { litigationText as lt, type LitigationTextKey, type NoticeDetail, type NoticeStageName } from '@opengst/contracts';
import { istDateOf, STAGE_NAMES } from '@opengst/domain';
import { DateField } from '../../shared/DateField';
import { splitApiErrors, type SplitErrors } from '../../shared/forms';
import { notifySuccess } from '../../shared/notifySuccess';
import { NoticeModalFooter } from './NoticeModalFooter';
import { paiseOf } from './noticeForm';
import { moveNotice, noticeKeys, reopenNotice } from './noticesApi';
import { attachMoveFile, isMoveFileAccepted, MoveFileInput } from './NoticeDocuments';
import { noticeDocumentKeys } from './noticeDocumentsApi';

// The timeline's two forms (NoticeTimeline): a move along the status model, and a closed notice opened again.

const NO_ERRORS: SplitErrors = { fields: {}, general: [] };
const MOVE_FIELDS = ['eventDate', 'reference', 'amount', 'note'] as const;

const REFERENCE_LABEL: Partial<Record<NoticeStageName, LitigationTextKey>> = {
  Replied: 'notice.refReplied',
  Order: 'notice.refOrder',
  AppealFiled: 'notice.refAppealFiled',
};
export const referenceLabel = (stage: NoticeStageName): string => lt(REFERENCE_LABEL[stage] ?? 'notice.refOther');

type MoveDraft = { eventDate: string; reference: string; amount: string; note: string };

/** A move to `stage`: the date it happened, its reference (the reply's ARN, the order's number), amount, note, and an
 * optional document attached to the move's event. */
export const MoveModal = ({
  notice,
  stage,
  onClose,
  onChanged,
}: {
  notice: NoticeDetail;
  stage: NoticeStageName;
  onClose: () => void;
  onChanged: (next: NoticeDetail) => void;
}) => {
  const today = istDateOf(new Date());
  const [draft, setDraft] = useState<MoveDraft>({ eventDate: today, reference: '', amount: '', note: '' });
  const [errors, setErrors] = useState<SplitErrors>(NO_ERRORS);
  const [isBusy, setBusy] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const queryClient = useQueryClient();
  const set = <K extends keyof MoveDraft>(key: K, value: MoveDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const submit = async () => {
    const amount = paiseOf(draft.amount);
    if (!isMoveFileAccepted(file)) return;
    if (!draft.eventDate || Number.isNaN(amount)) {
      setErrors({
        fields: {
          ...(draft.eventDate ? {} : { eventDate: lt('notice.required') }),
          ...(Number.isNaN(amount) ? { amount: lt('notice.amountInvalid') } : {}),
        },
        general: [],
      });
      return;
    }
    setBusy(true);
    try {
      const next = await moveNotice({
        id: notice.id,
        toStage: stage,
        eventDate: draft.eventDate,
        reference: draft.reference.trim(),
        amount: draft.amount.trim() === '' ? null : amount,
        note: draft.note.trim(),
      });
      notifySuccess(lt('notice.moved', { stage: STAGE_NAMES[stage] }));
      onChanged(next);
      if (file) {
        await attachMoveFile(next, stage, file);
        void queryClient.invalidateQueries({ queryKey: noticeDocumentKeys.list(next.id) });
        void queryClient.invalidateQueries({ queryKey: noticeKeys.detail(next.id) });
      }
      onClose();
    } catch (caught) {
      setErrors(splitApiErrors(caught, MOVE_FIELDS));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={<Text fw={600}>{lt('notice.moveTitle', { stage: STAGE_NAMES[stage] })}</Text>}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="xs">
          <DateField
            size="xs"
            label={lt('notice.eventDate')}
            value={draft.eventDate}
            onChange={(iso) => set('eventDate', iso)}
            maxDate={today}
            minDate={notice.issuedOn}
            required
            error={errors.fields.eventDate}
            data-testid="move-date"
          />
          <TextInput
            size="xs"
            label={referenceLabel(stage)}
            value={draft.reference}
            onChange={(e) => set('reference', e.currentTarget.value)}
            maxLength={60}
            error={errors.fields.reference}
            data-testid="move-reference"
          />
          <TextInput
            size="xs"
            label={lt('notice.amount')}
            value={draft.amount}
            onChange={(e) => set('amount', e.currentTarget.value)}
            inputMode="decimal"
            styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
            error={errors.fields.amount}
            data-testid="move-amount"
          />
          <Textarea
            size="xs"
            label={lt('notice.note')}
            value={draft.note}
            onChange={(e) => set('note', e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
            error={errors.fields.note}
            data-testid="move-note"
          />
          <MoveFileInput value={file} onChange={setFile} />
          <NoticeModalFooter refusals={errors.general} submitLabel="notice.move" isBusy={isBusy} onClose={onClose} testId="move" />
        </Stack>
      </form>
    </Modal>
  );
};

/** A closed notice opened again, with the date and the reason. */
export const ReopenModal = ({
  notice,
  onClose,
  onChanged,
}: {
  notice: NoticeDetail;
  onClose: () => void;
  onChanged: (next: NoticeDetail) => void;
}) => {
  const today = istDateOf(new Date());
  const [eventDate, setEventDate] = useState(today);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<SplitErrors>(NO_ERRORS);
  const [isBusy, setBusy] = useState(false);
  const submit = async () => {
    if (!note.trim() || !eventDate) {
      setErrors({
        fields: { ...(note.trim() ? {} : { note: lt('notice.required') }), ...(eventDate ? {} : { eventDate: lt('notice.required') }) },
        general: [],
      });
      return;
    }
    setBusy(true);
    try {
      const next = await reopenNotice({ id: notice.id, eventDate, note: note.trim() });
      notifySuccess(lt('notice.reopened'));
      onChanged(next);
      onClose();
    } catch (caught) {
      setErrors(splitApiErrors(caught, ['eventDate', 'note']));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={<Text fw={600}>{lt('notice.reopenTitle')}</Text>}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="xs">
          <DateField
            size="xs"
            label={lt('notice.eventDate')}
            value={eventDate}
            onChange={setEventDate}
            maxDate={today}
            required
            error={errors.fields.eventDate}
            data-testid="reopen-date"
          />
          <Textarea
            size="xs"
            label={lt('notice.reopenReason')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={1000}
            required
            autosize
            minRows={2}
            error={errors.fields.note}
            data-testid="reopen-note"
          />
          <NoticeModalFooter refusals={errors.general} submitLabel="notice.reopen" isBusy={isBusy} onClose={onClose} testId="reopen" />
        </Stack>
      </form>
    </Modal>
  );
};
