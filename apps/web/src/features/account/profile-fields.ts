import { nameText, profileTooLong, type ErrorCode } from '@sori/contract';

export interface ProfileFields {
  nick: string;
  name: string;
  phone: string;
  team: string;
}

export type ProfileField = keyof ProfileFields;

/**
 * The fields a profile error is about (validateProfile's rules in packages/contract/src/validation.ts), so
 * the account page can mark them (aria-invalid and the red outline) beside the one message it shows, as the
 * sign-up form does (`invalidSignupFields`).
 */
export function invalidProfileFields(code: ErrorCode | string | null, fields: ProfileFields): ProfileField[] {
  switch (code) {
    case 'SIGNUP_REQUIRED_FIELDS':
    case 'NICK_REQUIRED':
      // Every required field left empty, read as the validator reads it.
      return (['nick', 'name', 'phone'] as const).filter(
        (name) => (name === 'phone' ? fields.phone.trim() : nameText(fields[name])) === '',
      );
    case 'INVALID_PHONE':
      return ['phone'];
    case 'FIELD_TOO_LONG': {
      const field = profileTooLong(fields);
      return field === 'nick' || field === 'name' || field === 'phone' || field === 'team' ? [field] : [];
    }
    default:
      return [];
  }
}
