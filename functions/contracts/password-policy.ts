/**
 * The user pool's password policy: the CDK pool (lib/constructs/auth.ts) is created with it, the local
 * runtime's Cognito shim enforces it as Cognito does (cognito-local does not), and the sign-up and
 * change-password forms state it.
 */
export const PASSWORD_POLICY = {
  minLength: 12,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

export const PASSWORD_POLICY_TEXT = `At least ${PASSWORD_POLICY.minLength} characters, with upper and lower case letters, a number and a symbol.`;

/** What a password lacks, in Cognito's words (empty when it conforms). */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_POLICY.minLength) problems.push(`Password not long enough (at least ${PASSWORD_POLICY.minLength} characters)`);
  if (PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password)) problems.push('Password must have lowercase characters');
  if (PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(password)) problems.push('Password must have uppercase characters');
  if (PASSWORD_POLICY.requireDigits && !/[0-9]/.test(password)) problems.push('Password must have numeric characters');
  if (PASSWORD_POLICY.requireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/.test(password)) problems.push('Password must have symbol characters');
  return problems;
}
