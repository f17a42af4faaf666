import { describe, expect, it } from 'vitest';
import { effectiveSort, sortFromParams, sortToApiQuery, sortToParams } from './sort';

const params = (text: string) => new URLSearchParams(text);

describe('the sort of a track list', () => {
  it('should read sort and sortOrder from the URL and ignore what the API would refuse', () => {
    expect(sortFromParams(params('sort=bpm&sortOrder=asc'))).toEqual({ field: 'bpm', dir: 'asc' });
    expect(sortFromParams(params('sort=title,desc'))).toEqual({ field: 'title', dir: 'desc' });
    expect(sortFromParams(params('sort=price&sortOrder=up'))).toEqual({ field: null, dir: null });
  });

  it("should default to best match for text, newest otherwise, and a playlist's order of adding", () => {
    expect(effectiveSort({ field: null, dir: null }, 'rain', false)).toEqual({ field: 'relevance', dir: 'desc' });
    expect(effectiveSort({ field: null, dir: null }, '', false)).toEqual({ field: 'id', dir: 'desc' });
    expect(effectiveSort({ field: null, dir: null }, 'rain', true)).toEqual({ field: 'id', dir: 'desc' });
    expect(effectiveSort({ field: 'relevance', dir: null }, '', false)).toEqual({ field: 'id', dir: 'desc' });
    expect(effectiveSort({ field: 'title', dir: null }, '', false)).toEqual({ field: 'title', dir: 'asc' });
  });

  it('should send the chosen sort to the API, and what lists always sent when none is chosen', () => {
    expect(sortToApiQuery({ field: 'bpm', dir: 'asc' }, '', false)).toEqual({ sort: 'bpm', sortOrder: 'asc' });
    expect(sortToApiQuery({ field: 'popularity', dir: null }, '', true)).toEqual({ sort: 'popularity', sortOrder: 'desc' });
    expect(sortToApiQuery({ field: null, dir: null }, '', true)).toEqual({ sort: ['id', 'desc'] });
    expect(sortToApiQuery({ field: null, dir: null }, 'x', false)).toEqual({ sort: undefined });
  });

  it('should keep the other conditions in the URL and start again at page 1', () => {
    const next = sortToParams({ field: 'duration', dir: 'desc' }, params('q=rain&page=3&sort=bpm'));
    expect(next.toString()).toBe('q=rain&sort=duration&sortOrder=desc');
  });
});
