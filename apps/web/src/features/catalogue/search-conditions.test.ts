import { describe, expect, it } from 'vitest';
import {
  conditionsFromParams,
  conditionsKey,
  conditionsToParams,
  countFilters,
  hasConditions,
  hasFilters,
  NO_CONDITIONS,
  normalizeConditions,
  pageFromParams,
  parseBpmInput,
  toApiQuery,
  type SearchConditions,
} from './search-conditions';

const FULL: SearchConditions = {
  q: '잔잔한 피아노',
  genre: 300,
  speed: 2,
  moods: [1302, 1404],
  soundKey: 'D♭',
  keyMode: 'minor',
  bpmMin: 60,
  bpmMax: 120,
};

describe('search conditions in the URL', () => {
  it('should write every condition under the API names and read them back', () => {
    const params = conditionsToParams(FULL, 3);
    expect(params.toString()).toBe(
      'q=%EC%9E%94%EC%9E%94%ED%95%9C+%ED%94%BC%EC%95%84%EB%85%B8&g=300&speed=2&moods=1302&moods=1404&soundKey=D%E2%99%AD&keyMode=minor&bpmGte=60&bpmLte=120&page=3',
    );
    expect(conditionsFromParams(params)).toEqual(FULL);
    expect(pageFromParams(params)).toBe(3);
  });

  it('should leave page 1 and empty conditions out of the address', () => {
    expect(conditionsToParams(NO_CONDITIONS, 1).toString()).toBe('');
    expect(conditionsToParams({ ...NO_CONDITIONS, q: '  ' }, 1).toString()).toBe('');
  });

  it('should keep parameters that are not conditions, and replace the old ones', () => {
    const base = new URLSearchParams('track=7&q=old&page=4&moods=1101');
    expect(conditionsToParams({ ...NO_CONDITIONS, q: 'new' }, 1, base).toString()).toBe('track=7&q=new');
  });

  it('should read keys the way people type them', () => {
    expect(conditionsFromParams(new URLSearchParams('soundKey=C%23')).soundKey).toBe('C♯');
    expect(conditionsFromParams(new URLSearchParams('soundKey=eb')).soundKey).toBe('E♭');
  });

  it('should read moods repeated or comma-separated, without repeats', () => {
    expect(conditionsFromParams(new URLSearchParams('moods=1101,1102&moods=1101')).moods).toEqual([1101, 1102]);
  });

  it('should drop a refused field and keep the rest', () => {
    const read = conditionsFromParams(new URLSearchParams('q=jazz&g=999&speed=9&soundKey=H&keyMode=lydian&moods=1&bpmGte=abc&bpmLte=100'));
    expect(read).toEqual({ ...NO_CONDITIONS, q: 'jazz', bpmMax: 100 });
  });

  it('should swap BPM bounds written the wrong way round, as the filters search them', () => {
    expect(conditionsFromParams(new URLSearchParams('bpmGte=120&bpmLte=90'))).toEqual({ ...NO_CONDITIONS, bpmMin: 90, bpmMax: 120 });
  });

  it('should read page 1 from anything that is not a positive whole number', () => {
    for (const raw of ['', '0', '-2', 'two', '1.5', '9999999']) expect(pageFromParams(new URLSearchParams({ page: raw }))).toBe(1);
    expect(pageFromParams(new URLSearchParams())).toBe(1);
    expect(pageFromParams(new URLSearchParams('page=12'))).toBe(12);
  });
});

describe('normalised conditions', () => {
  it('should trim text, order BPM bounds and drop repeated moods', () => {
    expect(normalizeConditions({ ...NO_CONDITIONS, q: '  lo-fi ', moods: [1101, 1101], bpmMin: 150, bpmMax: 90 })).toEqual({
      ...NO_CONDITIONS,
      q: 'lo-fi',
      moods: [1101],
      bpmMin: 90,
      bpmMax: 150,
    });
  });

  it('should give equal keys to conditions that search the same', () => {
    expect(conditionsKey({ ...FULL, q: ` ${FULL.q} ` })).toBe(conditionsKey(FULL));
    expect(conditionsKey(FULL)).not.toBe(conditionsKey({ ...FULL, speed: 3 }));
  });

  it('should tell filters from text', () => {
    expect(hasFilters({ ...NO_CONDITIONS, q: 'x' })).toBe(false);
    expect(hasConditions({ ...NO_CONDITIONS, q: 'x' })).toBe(true);
    expect(hasFilters({ ...NO_CONDITIONS, bpmMax: 100 })).toBe(true);
    expect(hasConditions(NO_CONDITIONS)).toBe(false);
  });
});

describe('toApiQuery', () => {
  it('should send the API parameters, leaving unset ones out', () => {
    expect(toApiQuery(FULL)).toEqual({
      q: '잔잔한 피아노',
      g: 300,
      speed: 2,
      moods: [1302, 1404],
      soundKey: 'D♭',
      keyMode: 'minor',
      bpmGte: 60,
      bpmLte: 120,
    });
    expect(Object.values(toApiQuery(NO_CONDITIONS)).every((v) => v === undefined)).toBe(true);
  });
});

describe('countFilters', () => {
  it('should count each filter the tags show, major or minor included, and the BPM range as one', () => {
    expect(countFilters(FULL)).toBe(7);
    expect(countFilters({ ...NO_CONDITIONS, keyMode: 'minor' })).toBe(1);
    expect(countFilters({ ...NO_CONDITIONS, q: 'jazz' })).toBe(0);
  });
});

describe('parseBpmInput', () => {
  it('should accept numbers above 0 up to 999, with up to two decimals, and nothing else', () => {
    expect(parseBpmInput('120')).toBe(120);
    expect(parseBpmInput(' 60 ')).toBe(60);
    expect(parseBpmInput('72.5')).toBe(72.5);
    for (const bad of ['', '0', '0.0', '-5', '12.555', '1000', 'fast', '1e2']) expect(parseBpmInput(bad)).toBeNull();
  });
});
