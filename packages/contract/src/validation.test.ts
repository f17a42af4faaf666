import { describe, expect, it } from 'vitest';
import { unmetPasswordRules, validateNewPassword } from './validation';

describe('unmetPasswordRules', () => {
  it('lists every password rule broken, in the order the validators refuse them', () => {
    expect(unmetPasswordRules('123', '')).toEqual(['PASSWORD_TOO_SHORT', 'PASSWORD_MISMATCH']);
    expect(unmetPasswordRules('123456', '12345')).toEqual(['PASSWORD_MISMATCH']);
    expect(unmetPasswordRules('x'.repeat(129), '')).toEqual(['PASSWORD_MISMATCH', 'PASSWORD_TOO_LONG']);
    expect(unmetPasswordRules('123456', '123456')).toEqual([]);
    // Nothing typed confirms nothing.
    expect(unmetPasswordRules('', '')).toEqual(['PASSWORD_TOO_SHORT', 'PASSWORD_MISMATCH']);
    for (const [password, confirm] of [
      ['123', ''],
      ['123456', '1234567'],
      ['x'.repeat(129), 'x'.repeat(129)],
    ] as const) {
      expect(unmetPasswordRules(password, confirm)[0]).toBe(validateNewPassword(password, confirm));
    }
  });
});
