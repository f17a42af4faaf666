import { TEXT_LIMITS, validateProfile } from '@sori/contract';
import { describe, expect, it } from 'vitest';
import { invalidProfileFields, type ProfileFields } from './profile-fields';

const FILLED: ProfileFields = { nick: '소리', name: '김소리', phone: '010-1234-5678', team: '' };
/** The fields marked for a form, as the account page finds them: the validator's code, then the fields. */
const marked = (change: Partial<ProfileFields>) => {
  const form = { ...FILLED, ...change };
  return invalidProfileFields(validateProfile(form), form);
};

describe('invalidProfileFields', () => {
  it('should mark every required field left empty, blanks included, whichever one the message names', () => {
    expect(marked({ nick: '' })).toEqual(['nick']);
    expect(marked({ nick: ' ', phone: '' })).toEqual(['nick', 'phone']);
    expect(marked({ name: '\t' })).toEqual(['name']);
  });

  it('should mark the phone number of the wrong shape, and the field over its limit', () => {
    expect(marked({ phone: 'call me' })).toEqual(['phone']);
    expect(marked({ team: 'x'.repeat(TEXT_LIMITS.team + 1) })).toEqual(['team']);
  });

  it('should mark nothing for a valid form or an error no field is about', () => {
    expect(marked({})).toEqual([]);
    expect(invalidProfileFields('NETWORK', FILLED)).toEqual([]);
  });
});
