import { profileTooLong, signupTooLong, tooLongDetails, validateLogin, validateProfile, validateSignup } from '@sori/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { failureMessage, validationMessage } from './messages';

const VALID = {
  email: 'sori@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  name: '김소리',
  phone: '010-1234-5678',
  agreeTerms: true as boolean,
  agreePrivacy: true as boolean,
};

describe('form messages (PRODUCT §5 and §8)', () => {
  it('should show the login message when either field is empty', () => {
    expect(validationMessage(validateLogin({ email: '', password: 'x' })!, 'ko')).toBe('이메일과 비밀번호를 모두 입력해주세요.');
    expect(validationMessage(validateLogin({ email: 'a@b.co', password: '' })!, 'ko')).toBe('이메일과 비밀번호를 모두 입력해주세요.');
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toBeNull();
  });

  it('should check signup in PRODUCT §5 order with the exact Korean texts', () => {
    const steps: [Partial<typeof VALID>, string][] = [
      [{ phone: '', password: '1' }, '필수 항목을 모두 입력해주세요.'],
      [{ password: '12345', confirmPassword: 'zz', email: 'bad' }, '비밀번호는 최소 6자 이상이어야 합니다.'],
      [{ confirmPassword: 'secret2', email: 'bad' }, '비밀번호가 일치하지 않습니다.'],
      [{ email: 'not-an-email', phone: 'abc' }, '올바른 이메일 형식을 입력해주세요.'],
      [{ phone: '010-12ab' }, '올바른 휴대전화 번호를 입력해주세요. 해외 번호는 국가번호부터 입력해주세요(예: +81 90-1234-5678).'],
      // The right characters but no number: refused in the form, as the server refuses it.
      [{ phone: '12' }, '올바른 휴대전화 번호를 입력해주세요. 해외 번호는 국가번호부터 입력해주세요(예: +81 90-1234-5678).'],
    ];
    for (const [override, message] of steps) {
      expect(validationMessage(validateSignup({ ...VALID, ...override })!, 'ko')).toBe(message);
    }
    expect(validateSignup({ ...VALID, phone: '+82 (10) 1234.5678' })).toBeNull();
    expect(validateSignup(VALID)).toBeNull();
  });

  it('should name the field that is too long and its limit, in each language', () => {
    // Spaces run together in a name count once (the name is kept that way), so only the kept text counts.
    expect(validateSignup({ ...VALID, name: `김${' '.repeat(80)}소리` })).toBeNull();
    const team = { ...VALID, team: '영'.repeat(101) };
    expect(validateSignup(team)).toBe('FIELD_TOO_LONG');
    const details = tooLongDetails(signupTooLong(team)!);
    expect(validationMessage('FIELD_TOO_LONG', 'ko', details)).toBe('팀/소속 항목은 100자까지 입력할 수 있습니다.');
    expect(validationMessage('FIELD_TOO_LONG', 'en', details)).toBe('Team / affiliation can be at most 100 characters.');
    expect(validationMessage('FIELD_TOO_LONG', 'ja', details)).toBe('チーム・所属は100文字以内で入力してください。');
    const profile = { nick: '별'.repeat(51), name: '김소리', phone: '010-1234-5678' };
    expect(validateProfile(profile)).toBe('FIELD_TOO_LONG');
    expect(validationMessage('FIELD_TOO_LONG', 'ko', tooLongDetails(profileTooLong(profile)!))).toBe(
      '닉네임 항목은 50자까지 입력할 수 있습니다.',
    );
  });

  it('should ask for the required consents after the form’s own rules', () => {
    expect(validationMessage(validateSignup({ ...VALID, agreeTerms: false })!, 'ko')).toBe(
      '만 14세 이상인지 확인하고 서비스 이용약관에 동의해주세요. 만 14세 미만은 가입할 수 없습니다.',
    );
    expect(validationMessage(validateSignup({ ...VALID, agreePrivacy: false })!, 'ko')).toBe('개인정보 수집 및 이용에 동의해주세요.');
    expect(validateSignup({ ...VALID, phone: '', agreeTerms: false })).toBe('SIGNUP_REQUIRED_FIELDS');
  });

  it('should show the server message, else the failure text, else the error text', () => {
    const server = new ApiError('http', 401, '로그인에 실패했습니다. 이메일과 비밀번호를 확인해주세요.', 'INVALID_CREDENTIALS', null);
    expect(failureMessage(server, 'failed', 'error')).toBe('로그인에 실패했습니다. 이메일과 비밀번호를 확인해주세요.');
    expect(failureMessage(new ApiError('http', 500, 'HTTP Error 500', null, null), 'failed', 'error')).toBe('failed');
    expect(failureMessage(new ApiError('network', 0, '네트워크 연결을 확인해주세요.', 'NETWORK_ERROR', null), 'f', 'e')).toBe(
      '네트워크 연결을 확인해주세요.',
    );
    expect(failureMessage(new Error('boom'), 'failed', 'error')).toBe('error');
  });
});
