import { useState } from 'react';
import { splitApiErrors, type SplitErrors } from '../../shared/forms';

// A master's form state: the draft, the server's refusals split into the form's fields and general messages, and the
// busy flag of a save in flight. `save` sends the draft; a refusal stays on the form, a success calls `onSaved`.

const NO_ERRORS: SplitErrors = { fields: {}, general: [] };

export const useMasterForm = <Draft extends object>(initial: Draft, fields: readonly string[]) => {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<SplitErrors>(NO_ERRORS);
  const [isBusy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const save = async (send: () => Promise<unknown>, onSaved: () => void) => {
    setBusy(true);
    try {
      await send();
      onSaved();
    } catch (error) {
      setErrors(splitApiErrors(error, fields));
    } finally {
      setBusy(false);
    }
  };
  return { draft, set, errors, setErrors, clearErrors: () => setErrors(NO_ERRORS), isBusy, save };
};
