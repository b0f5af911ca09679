import { TextInput } from '@mantine/core';
import { useText } from '../../i18n/useText';
import type { FormErrors } from './authErrors';

type Props = {
  value: string;
  onChange: (value: string) => void;
  errors: FormErrors;
  /** The form was submitted: an empty value now shows the red border (spec core §5: required, no message). */
  isEmptySubmit: boolean;
  testId: string;
};

/** The user-name field of the login and forgot-password forms, with the server's UserName errors on it. */
export const UserNameInput = ({ value, onChange, errors, isEmptySubmit, testId }: Props) => {
  const t = useText();
  return (
    <TextInput
      label={t('login.userName')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      autoComplete="username"
      autoFocus
      required
      error={errors.fields.UserName ?? errors.fields.CurrentUserName ?? (isEmptySubmit && value.trim() === '')}
      data-testid={testId}
    />
  );
};
