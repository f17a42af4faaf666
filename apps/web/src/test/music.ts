import type { Music } from '@sori/contract';

/** A published catalogue track as `GET /musics` sends it, for a test to change what it is about. */
export function aTrack(id: number, fields: Partial<Music> = {}): Music {
  return {
    id,
    title: `Track ${id}`,
    artist: '윤하늘',
    cover: null,
    duration: '2:14',
    playTime: 134,
    soundkey: 'G',
    keyMode: 'major',
    bpm: 104,
    genre: 601,
    moods: [],
    speed: 3,
    filePath: `/api/musics/${id}/stream`,
    fileUrl: null,
    fileName: null,
    liked: false,
    waveUrl: null,
    peaksUrl: null,
    createdAt: '2026-11-20T03:00:00.000Z',
    ...fields,
  };
}
