import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/i18n';
import { joinList, particle } from './grammar';

describe('Korean particles by the final consonant', () => {
  it('should choose 을/를, 이/가, 은/는, 과/와 by whether the last syllable has a final consonant', () => {
    expect(particle('봄밤', '을/를')).toBe('을');
    expect(particle('노래', '을/를')).toBe('를');
    expect(particle('봄밤', '이/가')).toBe('이');
    expect(particle('노래', '이/가')).toBe('가');
    expect(particle('여름', '은/는')).toBe('은');
    expect(particle('바다', '은/는')).toBe('는');
    expect(particle('별빛', '과/와')).toBe('과');
    expect(particle('바다', '과/와')).toBe('와');
  });

  it('should use 로 after a vowel or ㄹ and 으로 after any other final consonant', () => {
    expect(particle('서울', '으로/로')).toBe('로');
    expect(particle('바다', '으로/로')).toBe('로');
    expect(particle('봄밤', '으로/로')).toBe('으로');
  });

  it('should read digits and Latin endings as Korean speakers say them, and give both forms when it cannot tell', () => {
    expect(particle('Track 3', '을/를')).toBe('을'); // 삼
    expect(particle('Track 2', '을/를')).toBe('를'); // 이
    expect(particle('Track 1', '으로/로')).toBe('로'); // 일
    expect(particle('Rain', '을/를')).toBe('을');
    expect(particle('Cool', '으로/로')).toBe('로');
    expect(particle('Boss Battle!', '을/를')).toBe('을'); // 배틀
    expect(particle('Jungle', '이/가')).toBe('이'); // 정글
    expect(particle('Smile', '으로/로')).toBe('로'); // 스마일
    expect(particle('Neon Drive', '을/를')).toBe('를');
    expect(particle('Pop', '을/를')).toBe('을'); // 팝
    expect(particle('Hip-Hop', '을/를')).toBe('을'); // 힙합
    expect(particle('Loop', '을/를')).toBe('를'); // 루프
    expect(particle('Jazz', '을/를')).toBe('를'); // 재즈
    expect(particle('Coffee & Sunshine', '을/를')).toBe('을'); // 선샤인
    expect(particle('Dusty Road Home', '을/를')).toBe('을'); // 홈
    expect(particle('Blue Lagoon Café', '을/를')).toBe('를'); // 카페
    expect(particle('“노래”', '을/를')).toBe('를');
    expect(particle('🎵', '을/를')).toBe('을(를)');
  });

  it('should pick the particle inside Korean translations, never writing 을(를)', async () => {
    const i18n = await createTestI18n('ko');
    expect(i18n.t('playlists.removed', { title: '봄밤' })).toBe('“봄밤”을 플레이리스트에서 뺐습니다.');
    expect(i18n.t('playlists.removed', { title: '노래' })).toBe('“노래”를 플레이리스트에서 뺐습니다.');
    expect(i18n.t('upload.deleteBody', { title: 'Rain' })).toBe('“Rain”을 삭제할까요?');
    const en = await createTestI18n('en');
    expect(en.t('playlists.removed', { title: 'Rain' })).not.toMatch(/을|를/u);
  });
});

describe('lists', () => {
  it("should join with '、' in Japanese and with commas otherwise", () => {
    expect(joinList(['明るい', '穏やか'], 'ja')).toBe('明るい、穏やか');
    expect(joinList(['Bright', 'Calm'], 'en')).toBe('Bright, Calm');
  });
});
