import type { ErrorCode } from '@sori/contract';
import { invalidNewPasswordFields } from '../auth/password-fields';

export interface PasswordChangeFields {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

export type PasswordChangeField = keyof PasswordChangeFields;

/**
 * The fields a password change's error is about, so the account page can mark them (aria-invalid and the red
 * outline) beside the one message it shows and focus the first, as sign-up does: the current password when
 * it is missing or wrong (the server's `CURRENT_PASSWORD_WRONG`), else the new password's own rules
 * (`invalidNewPasswordFields`).
 */
export function invalidPasswordChangeFields(code: ErrorCode | string | null, fields: PasswordChangeFields): PasswordChangeField[] {
  switch (code) {
    case 'SIGNUP_REQUIRED_FIELDS':
      return (['currentPassword', 'password'] as const).filter((name) => fields[name] === '');
    case 'CURRENT_PASSWORD_WRONG':
      return ['currentPassword'];
    default:
      return invalidNewPasswordFields(code, fields.password, fields.confirmPassword);
  }
}
