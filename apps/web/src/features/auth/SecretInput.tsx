import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useText } from '../../i18n/useText';

/** A password field with show/hide and paste blocked (spec core §2 login and reset screens). */
export const SecretInput = (props: PasswordInputProps & { 'data-testid': string }) => {
  const t = useText();
  return (
    <PasswordInput
      {...props}
      onPaste={(event) => event.preventDefault()}
      onDrop={(event) => event.preventDefault()}
      title={t('common.pasteBlocked')}
      visibilityToggleButtonProps={{ 'aria-label': `${t('common.show')} / ${t('common.hide')}` }}
    />
  );
};
