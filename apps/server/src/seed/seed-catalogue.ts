import { speedFromBpm } from '@sori/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { countTracks, insertTrack } from '../repositories/track.repository';

/** [title, artist, genre, moods, key, bpm, seconds] */
type SeedTrack = [string, string, number, number[], string, number, number];

/**
 * Catalogue metadata seeded into an empty database so a fresh start answers with tracks. These rows carry
 * no media; the demo catalogue of synthesised audio (media pipeline) supersedes them.
 */
export const SEED_TRACKS: readonly SeedTrack[] = [
  ['사랑의 노래', '한별', 703, [1405, 1401], 'C', 72, 184],
  ['잔잔한 피아노 아침', '윤슬', 701, [1302, 1102], 'G', 68, 203],
  ['Morning Coffee Lo-fi', 'Mellow Kim', 602, [1301, 1302], 'F', 84, 156],
  ['신나는 여름 여행', '파도소리', 705, [1201, 1101], 'A', 124, 142],
  ['Epic Dawn', 'Northern Choir', 202, [1701, 1702], 'D', 96, 211],
  ['夜明けのメロディー', '佐藤ゆう', 702, [1403, 1404], 'E', 90, 175],
  ['코믹 추격전', '뚱땅', 101, [1509, 1501], 'B♭', 156, 98],
  ['Midnight Jazz Bar', 'Blue Note Trio', 301, [1305, 1301], 'E♭', 110, 240],
  ['어두운 숲', '그림자', 204, [1902, 1901], 'D♭', 60, 190],
  ['Neon Drive', 'Synth Rider', 509, [1201, 1203], 'F♯', 118, 167],
  ['춤추는 고양이', '냥이밴드', 510, [1103, 1201], 'G', 128, 131],
  ['Samba do Sol', 'Rio Quartet', 306, [1201, 1101], 'A♭', 102, 149],
  ['슬픈 이별', '이하늘', 703, [1801, 1804], 'A', 64, 226],
  ['Heroes Rise', 'Atlas Orchestra', 205, [1702, 1607], 'C', 140, 198],
  ['桜の庭', '和音', 801, [2004, 1102], 'D', 76, 180],
  ['트로트 한마당', '김흥부', 706, [1201, 2003], 'G♭', 132, 170],
  ['Detective Steps', 'Mr. Clue', 101, [1603, 1511], 'E', 100, 120],
  ['Rainy Window', 'Lo Fi Lee', 602, [1802, 1302], 'B', 78, 160],
  ['우주 탐험', '별빛', 203, [1106, 1105], 'E♭', 92, 215],
  ['Heavy Engine', 'Iron Gate', 402, [1203, 1601], 'D', 168, 182],
  ['할로윈 파티', '유령들', 101, [2007, 1904], 'C♯', 116, 112],
  ['Golden Hour Funk', 'The Groovers', 403, [1202, 1201], 'A', 106, 174],
  ['ゲームスタート', 'ピコピコ', 508, [1101, 1106], 'C', 150, 88],
  ['고요한 밤의 캐럴', '성가대', 704, [1703, 1102], 'F', 66, 190],
];

export async function seedCatalogue(db: Kysely<Database>, log: FastifyBaseLogger): Promise<number> {
  if ((await countTracks(db)) > 0) return 0;
  await db.transaction().execute(async (trx) => {
    for (const [title, artist, genre, moods, key, bpm, seconds] of SEED_TRACKS) {
      await insertTrack(trx, {
        title,
        artist,
        genre,
        moods: moods.join(','),
        sound_key: key,
        bpm,
        speed: speedFromBpm(bpm),
        duration_sec: seconds,
        owner_id: null,
        published: 1,
        status: 'ready',
        original_key: null,
        preview_key: null,
        peaks_key: null,
        wave_key: null,
        cover_key: null,
        cover_thumb_key: null,
        file_name: null,
        original_mime: null,
        original_size: null,
        estimated_bpm: null,
        estimated_key: null,
      });
    }
  });
  log.info({ tracks: SEED_TRACKS.length }, 'seeded the demo catalogue metadata');
  return SEED_TRACKS.length;
}
