import { describe, expect, it } from 'vitest';
import { changesOf } from './TrackMetadataForm';

const BASE = { title: 'Rain', artist: '', genre: '', moods: [1302], soundKey: 'A♭', keyMode: '', bpm: '120' };

describe('metadata corrections', () => {
  it('should send nothing when nothing changed', () => {
    expect(changesOf(BASE, { ...BASE, title: ' Rain ', moods: [1302] })).toEqual({});
  });

  it('should send only the changed fields, typed', () => {
    expect(changesOf(BASE, { ...BASE, genre: '602', moods: [1302, 1101], soundKey: 'C♯', bpm: '96' })).toEqual({
      genre: 602,
      moods: [1302, 1101],
      soundKey: 'C♯',
      bpm: 96,
    });
  });

  it('should send null for an emptied field, which restores the measured value', () => {
    expect(changesOf(BASE, { ...BASE, soundKey: '', bpm: ' ', moods: [] })).toEqual({ soundKey: null, bpm: null, moods: null });
    expect(changesOf({ ...BASE, artist: 'Kim' }, { ...BASE, artist: '  ' })).toEqual({ artist: null });
  });

  it('should send the mode of the key, with a newly chosen key or alone', () => {
    expect(changesOf(BASE, { ...BASE, keyMode: 'minor' })).toEqual({ keyMode: 'minor' });
    expect(changesOf({ ...BASE, keyMode: 'minor' }, { ...BASE, soundKey: 'C', keyMode: 'major' })).toEqual({
      soundKey: 'C',
      keyMode: 'major',
    });
    expect(changesOf({ ...BASE, keyMode: 'minor' }, { ...BASE, soundKey: 'C', keyMode: 'minor' })).toEqual({ soundKey: 'C' });
    expect(changesOf({ ...BASE, keyMode: 'major' }, { ...BASE, keyMode: '' })).toEqual({ keyMode: null });
  });
});
