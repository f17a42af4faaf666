import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, fillMessage } from './errors';

describe('fillMessage', () => {
  it('writes counts as the language does, text as it is, and a value per language in the message’s language', () => {
    expect(fillMessage(ERROR_MESSAGES.PLAYLIST_FULL.ko, { limit: 5000 }, 'ko')).toContain('5,000곡까지');
    expect(fillMessage(ERROR_MESSAGES.PLAYLIST_FULL.en, { limit: 5000 }, 'en')).toContain('at most 5,000 tracks');
    expect(fillMessage(ERROR_MESSAGES.PLAYLIST_FULL.ja, { limit: 5000 }, 'ja')).toContain('5,000曲まで');
    expect(fillMessage(ERROR_MESSAGES.QUOTA_BYTES_EXCEEDED.en, { used: '1.9 GB', limit: '2 GB' }, 'en')).toContain('1.9 GB used of 2 GB');
    expect(fillMessage('{label} {max}', { label: { ko: '팀', en: 'Team', ja: 'チーム' }, max: 100 }, 'ja')).toBe('チーム 100');
    // A place without a value stays as it is.
    expect(fillMessage('{limit}', {}, 'ko')).toBe('{limit}');
  });
});
