import { describe, expect, it } from 'vitest';
import { normalisePhone, unmetPasswordRules, validateLogin, validateNewPassword, validateProfile, validateSignup } from './validation';

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

describe('validateLogin', () => {
  it('asks for both fields, then for an address of an e-mail’s shape', () => {
    expect(validateLogin({ email: ' ', password: 'secret1' })).toBe('LOGIN_REQUIRED_FIELDS');
    expect(validateLogin({ email: 'not-an-email', password: 'secret1' })).toBe('INVALID_EMAIL');
    expect(validateLogin({ email: ' kim@example.com ', password: 'secret1' })).toBeNull();
  });
});

describe('normalisePhone', () => {
  it('keeps a Korean number as Koreans write it, however it was typed, and any other as E.164', () => {
    const kept: [string, string][] = [
      ['010-1234-5678', '010-1234-5678'],
      ['01012345678', '010-1234-5678'],
      ['010 1234 5678', '010-1234-5678'],
      ['+82 10-1234-5678', '010-1234-5678'],
      ['+82 (0)10 1234 5678', '010-1234-5678'],
      ['+82 (10) 1234.5678', '010-1234-5678'],
      ['０１０－１２３４－５６７８', '010-1234-5678'],
      ['011-234-5678', '011-234-5678'],
      ['02-123-4567', '02-123-4567'],
      ['0212345678', '02-1234-5678'],
      ['+82 2 123 4567', '02-123-4567'],
      ['031-987-6543', '031-987-6543'],
      ['064-7123-4567', '064-7123-4567'],
      ['070-4321-8765', '070-4321-8765'],
      ['0507-1234-5678', '0507-1234-5678'],
      ['080-123-4567', '080-123-4567'],
      ['1588-1234', '1588-1234'],
      ['+44 20 7946 0958', '+442079460958'],
      ['+1 (415) 555-0132', '+14155550132'],
      ['+81 90-1234-5678', '+819012345678'],
    ];
    for (const [typed, form] of kept) expect(normalisePhone(typed), typed).toBe(form);
  });

  it('refuses what is too short, too long or shaped like no number', () => {
    for (const typed of [
      '12',
      '010',
      '010-1234',
      '010-1234-567',
      '010-1234-56789',
      '02-12',
      '099-123-4567',
      '1234-5678',
      '+82 10-1234',
      '+1 555',
      '+0 123 4567 890',
      '+1234567890123456',
      '010+1234+5678',
      '010-CALL-ME',
      '',
    ]) {
      expect(normalisePhone(typed), typed).toBeNull();
    }
  });

  it('is the rule of sign-up and of the profile', () => {
    const signup = {
      email: 'sori@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      name: '김소리',
      agreeTerms: true,
      agreePrivacy: true,
    };
    expect(validateSignup({ ...signup, phone: '12' })).toBe('INVALID_PHONE');
    expect(validateSignup({ ...signup, phone: '+82 10-1234-5678' })).toBeNull();
    expect(validateProfile({ nick: '소리', name: '김소리', phone: '02-12' })).toBe('INVALID_PHONE');
    expect(validateProfile({ nick: '소리', name: '김소리', phone: '02-123-4567' })).toBeNull();
  });
});
