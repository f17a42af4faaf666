import { TEXT_LIMITS, type ErrorCode } from '@sori/contract';
import { invalidNewPasswordFields } from './password-fields';

export interface SignupFields {
  email: string;
  password: string;
  confirmPassword: string;
  name: string;
  phone: string;
  team: string;
}

export type SignupField = keyof SignupFields;

/**
 * The fields a sign-up error is about (the rules of packages/contract/src/validation.ts, in its order), so
 * the form can mark them (aria-invalid and the red outline) beside the one message it shows.
 */
export function invalidSignupFields(code: ErrorCode | string | null, fields: SignupFields): SignupField[] {
  switch (code) {
    case 'SIGNUP_REQUIRED_FIELDS':
      // The validator trims everything but the password.
      return (['email', 'password', 'name', 'phone'] as const).filter(
        (name) => (name === 'password' ? fields[name] : fields[name].trim()) === '',
      );
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
    case 'PASSWORD_MISMATCH':
      return invalidNewPasswordFields(code, fields.password, fields.confirmPassword);
    case 'INVALID_EMAIL':
    case 'EMAIL_TAKEN':
      return ['email'];
    case 'INVALID_PHONE':
      return ['phone'];
    case 'FIELD_TOO_LONG':
      return (['email', 'name', 'phone', 'team'] as const).filter((name) => fields[name].trim().length > TEXT_LIMITS[name]);
    default:
      return [];
  }
}
