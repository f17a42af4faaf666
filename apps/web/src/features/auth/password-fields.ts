import { unmetPasswordRules, type ErrorCode } from '@sori/contract';

/** The two fields of a new password: the password and its confirmation. */
export type NewPasswordField = 'password' | 'confirmPassword';

/**
 * The new-password fields an error of `validateNewPassword` is about (the contract's rules, in its order), so
 * a form can mark them (aria-invalid and the red outline) and focus the first: sign-up, the account page's
 * password change and the reset screen follow the one rule. A confirmation that does not match is marked with
 * a password too short or too long, since the rules under the password list both; a mismatch alone is the
 * confirmation's fault.
 */
export function invalidNewPasswordFields(code: ErrorCode | string | null, password: string, confirmPassword: string): NewPasswordField[] {
  switch (code) {
    case 'SIGNUP_REQUIRED_FIELDS':
      return password === '' ? ['password'] : [];
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
      return unmetPasswordRules(password, confirmPassword).includes('PASSWORD_MISMATCH') ? ['password', 'confirmPassword'] : ['password'];
    case 'PASSWORD_MISMATCH':
      return ['confirmPassword'];
    default:
      return [];
  }
}
