import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens';

describe('signed URLs', () => {
  const tokens = new TokenService('x'.repeat(40), 60);

  it('accept their own signature until they expire, for that resource only', () => {
    const now = Date.now();
    const s = tokens.signUrlParams('original:7', 3, 300, now);
    expect(tokens.checkUrlParams('original:7', s, now)).toBe(3);
    expect(tokens.checkUrlParams('original:8', s, now)).toBeNull();
    expect(tokens.checkUrlParams('original:7', { ...s, uid: 4 }, now)).toBeNull();
    expect(tokens.checkUrlParams('original:7', { ...s, sig: s.sig.slice(0, -1) + (s.sig.endsWith('A') ? 'B' : 'A') }, now)).toBeNull();
    expect(tokens.checkUrlParams('original:7', s, now + 301_000)).toBeNull();
    expect(tokens.checkUrlParams('original:7', {}, now)).toBeNull();
  });

  it('issue access tokens that verify, and not with another secret', async () => {
    const token = await tokens.issue({ userId: 9, tokenVersion: 2, sessionId: 'abcdefghijklmnopqrstuv' });
    expect(await tokens.verify(token)).toEqual({ userId: 9, tokenVersion: 2, sessionId: 'abcdefghijklmnopqrstuv' });
    expect(await new TokenService('y'.repeat(40), 60).verify(token)).toBeNull();
  });
});
