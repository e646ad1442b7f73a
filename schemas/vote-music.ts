/**
 * The built-in background music of votes: short loops composed for this product and rendered by
 * scripts/generate-vote-music.ts into public/music/ (no third-party recordings, so no licence to carry).
 * Each track is a melody over a bass line, in semitones from A4 (null = rest), one step an eighth note.
 */
export interface MusicScore {
  musicId: string;
  name: string;
  bpm: number;
  melody: (number | null)[];
  bass: number[];
}

export const MUSIC_SCORES: readonly MusicScore[] = [
  {
    musicId: 'morning-light',
    name: '晨光 · 轻快',
    bpm: 120,
    melody: [3, 7, 10, 7, 12, 10, 7, 5, 3, 5, 7, 10, 7, 5, 3, null, 0, 3, 5, 7, 5, 3, 0, -2, 0, 3, 5, 3, 0, -2, 0, null],
    bass: [-21, -21, -14, -14, -16, -16, -9, -9],
  },
  {
    musicId: 'warm-breeze',
    name: '暖风 · 舒缓',
    bpm: 84,
    melody: [7, null, 5, 3, 5, null, 0, null, 3, 5, 7, 10, 7, null, null, null, 12, null, 10, 7, 5, null, 3, null, 5, 3, 0, -2, 0, null, null, null],
    bass: [-21, -16, -18, -14],
  },
  {
    musicId: 'cheer-up',
    name: '加油 · 热烈',
    bpm: 140,
    melody: [0, 0, 7, 7, 9, 9, 7, null, 5, 5, 4, 4, 2, 2, 0, null, 7, 7, 5, 5, 4, 4, 2, null, 7, 7, 5, 5, 4, 4, 2, null],
    bass: [-24, -12, -17, -5, -19, -7, -24, -12],
  },
];

export const musicUrl = (musicId: string) => `/music/${musicId}.wav`;
/** Seconds of one rendered loop: the melody is played twice. */
export const musicSeconds = (score: MusicScore) => Math.round(((score.melody.length * 2 * 60) / score.bpm / 2) * 10) / 10;
