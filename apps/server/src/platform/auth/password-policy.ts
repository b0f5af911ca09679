import type { PasswordPolicy } from '@opengst/contracts';

/** Every rule the password breaks, in the words the user reads (empty when it passes). */
export const passwordPolicyViolations = (password: string, policy: PasswordPolicy): string[] => {
  const problems: string[] = [];
  if (password.length < policy.minLength) problems.push(`The password must be at least ${policy.minLength} characters long.`);
  if (password.length > 128) problems.push('The password must be at most 128 characters long.');
  if (policy.requireUpper && !/[A-Z]/.test(password)) problems.push('The password must contain an uppercase letter.');
  if (policy.requireLower && !/[a-z]/.test(password)) problems.push('The password must contain a lowercase letter.');
  if (policy.requireDigit && !/\d/.test(password)) problems.push('The password must contain a digit.');
  if (policy.requireSpecial && !/[^A-Za-z0-9]/.test(password)) problems.push('The password must contain a special character.');
  if (/\s/.test(password)) problems.push('The password must not contain spaces.');
  return problems;
};

export const isPasswordExpired = (changedAt: Date, policy: PasswordPolicy, now: Date): boolean =>
  policy.expiryDays > 0 && now.getTime() - changedAt.getTime() > policy.expiryDays * 86_400_000;
