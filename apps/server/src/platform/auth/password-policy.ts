import type { PasswordPolicy } from '@opengst/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * ASVS 4.0 2.1.7: a password found in breaches is refused whatever the policy. The list is the breach-frequency list of
 * zxcvbn-ts (@zxcvbn-ts/language-common, MIT: about 49,000 passwords from public breach corpora), compared without case.
 */
const BREACHED = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

/** Every rule the password breaks, in the words the user reads (empty when it passes). */
export const passwordPolicyViolations = (password: string, policy: PasswordPolicy): string[] => {
  const problems: string[] = [];
  if (password.length < policy.minLength) problems.push(`The password must be at least ${policy.minLength} characters long.`);
  if (password.length > 128) problems.push('The password must be at most 128 characters long.');
  if (policy.requireUpper && !/[A-Z]/.test(password)) problems.push('The password must contain an uppercase letter.');
  if (policy.requireLower && !/[a-z]/.test(password)) problems.push('The password must contain a lowercase letter.');
  if (policy.requireDigit && !/\d/.test(password)) problems.push('The password must contain a digit.');
  if (policy.requireSpecial && !/[^A-Za-z0-9]/.test(password)) problems.push('The password must contain a special character.');
  // Spaces are welcome: a passphrase is a strong password (ASVS 2.1.3).
  if (BREACHED.has(password.toLowerCase()))
    problems.push('This password is among those most often found in data breaches: choose one nobody else would.');
  return problems;
};

export const isPasswordExpired = (changedAt: Date, policy: PasswordPolicy, now: Date): boolean =>
  policy.expiryDays > 0 && now.getTime() - changedAt.getTime() > policy.expiryDays * 86_400_000;
