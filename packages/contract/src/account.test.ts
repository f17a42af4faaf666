import { describe, expect, it } from 'vitest';
import { isGrantedLevel } from './account';

describe('a level and its plan', () => {
  it('tells a level an administrator set from the one a plan gives', () => {
    expect(isGrantedLevel('free', 5)).toBe(true);
    expect(isGrantedLevel('premium', 9)).toBe(true);
    expect(isGrantedLevel('free', 1)).toBe(false);
    expect(isGrantedLevel('premium', 5)).toBe(false);
    expect(isGrantedLevel('family', 5)).toBe(false);
    // A plan this code does not know (an older licence's) is shown as it is signed.
    expect(isGrantedLevel('enterprise', 7)).toBe(false);
  });
});
