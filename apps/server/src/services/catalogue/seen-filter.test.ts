import { describe, expect, it } from 'vitest';
import { SeenFilter } from './seen-filter';

describe('SeenFilter', () => {
  it('says a key was seen only from its second sighting on', () => {
    const seen = new SeenFilter();
    expect(seen.check('/api/musics?page=0')).toBe(false);
    expect(seen.check('/api/musics?page=0')).toBe(true);
    expect(seen.check('/api/musics?page=0')).toBe(true);
    expect(seen.check('/api/musics?page=1')).toBe(false);
    expect(seen.check('["사랑",null,[1302]]')).toBe(false);
    expect(seen.check('["사랑",null,[1302]]')).toBe(true);
  });

  it('rarely takes a new key for a seen one, even when full', () => {
    const seen = new SeenFilter(16_384, 17);
    for (let i = 0; i < 16_000; i++) seen.check(`key ${i}`);
    let falseSeen = 0;
    for (let i = 0; i < 1000; i++) if (seen.check(`other ${i}`)) falseSeen++;
    // Two bits a key in 131,072 with ~16,000 keys: about 5 % expected.
    expect(falseSeen).toBeLessThan(100);
  });

  it('forgets everything once its capacity of keys has been marked', () => {
    const seen = new SeenFilter(100, 12);
    seen.check('landing');
    for (let i = 0; i < 100; i++) seen.check(`k${i}`);
    // The 101st distinct key cleared the bitmap: 'landing' counts as new again.
    expect(seen.check('landing')).toBe(false);
    expect(seen.check('landing')).toBe(true);
  });
});
