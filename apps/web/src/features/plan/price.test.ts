import { describe, expect, it } from 'vitest';
import { formatPrice } from './price';

describe('formatPrice', () => {
  it('writes won as Korean services do, and other languages as Intl does', () => {
    expect(formatPrice(9900, 'KRW', 'ko')).toBe('9,900원');
    expect(formatPrice(14900, 'KRW', 'ko-KR')).toBe('14,900원');
    expect(formatPrice(9900, 'KRW', 'en')).toBe('₩9,900');
    expect(formatPrice(9900, 'KRW', 'ja')).toMatch(/9,900/u);
    expect(formatPrice(9.99, 'USD', 'ko')).toMatch(/US\$9\.99|\$9\.99/u);
  });
});
