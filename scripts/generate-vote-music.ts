// Renders the built-in vote music (schemas/vote-music.ts) to public/music/<id>.wav: 8-bit mono at 11,025 Hz,
// a soft plucked tone for the melody and a sine bass. Run `npx tsx scripts/generate-vote-music.ts`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { MUSIC_SCORES, musicSeconds, type MusicScore } from '../schemas/vote-music';

const RATE = 11_025;
const freq = (semitones: number) => 440 * 2 ** (semitones / 12);

function render(score: MusicScore): Buffer {
  const step = 60 / score.bpm / 2;
  const total = Math.round(musicSeconds(score) * RATE);
  const samples = new Float32Array(total);
  const notes = [...score.melody, ...score.melody];
  notes.forEach((note, i) => {
    if (note === null) return;
    const start = Math.round(i * step * RATE);
    const length = Math.round(step * 1.6 * RATE);
    for (let n = 0; n < length && start + n < total; n++) {
      const t = n / RATE;
      const envelope = Math.min(1, t * 200) * Math.exp(-t * 4);
      const tone = Math.sin(2 * Math.PI * freq(note) * t) + 0.3 * Math.sin(4 * Math.PI * freq(note) * t);
      samples[start + n]! += 0.35 * envelope * tone;
    }
  });
  const barSteps = notes.length / (score.bass.length * 2);
  for (let b = 0; b < score.bass.length * 2; b++) {
    const note = score.bass[b % score.bass.length]!;
    const start = Math.round(b * barSteps * step * RATE);
    const length = Math.round(barSteps * step * RATE);
    for (let n = 0; n < length && start + n < total; n++) {
      const t = n / RATE;
      samples[start + n]! += 0.25 * Math.min(1, t * 50) * Math.exp(-t * 1.5) * Math.sin(2 * Math.PI * freq(note) * t);
    }
  }
  const wav = Buffer.alloc(44 + total);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + total, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(RATE, 24);
  wav.writeUInt32LE(RATE, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(total, 40);
  for (let i = 0; i < total; i++) wav[44 + i] = Math.max(0, Math.min(255, Math.round(128 + 127 * Math.tanh(samples[i]!))));
  return wav;
}

for (const score of MUSIC_SCORES) {
  const file = path.resolve('public/music', `${score.musicId}.wav`);
  writeFileSync(file, render(score));
  console.log(file);
}
