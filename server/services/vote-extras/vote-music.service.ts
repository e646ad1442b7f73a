import type { z } from 'zod';
import type { ZLocalMusic, ZMusicSetting, ZSaveMusicRequest } from '../../../schemas/api/vote-extras-models';
import { MUSIC_SCORES, musicSeconds, musicUrl } from '../../../schemas/vote-music';
import type { Database, Query } from '../../db/client';
import { badInput } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import { managedVote, patchRules, publicVote, rulesOf } from './vote-access';
import { col, defineSql } from '../../db/sql';
import type { Deps } from '../deps';
import { signedMediaUrl } from '../uploads/media-uploads.service';

type TSetting = z.input<typeof ZMusicSetting>;

/** The built-in library (files under public/music/, rendered by scripts/generate-vote-music.ts). */
export const musicList = () => MUSIC_SCORES.map((s) => ({ musicId: s.musicId, name: s.name, url: musicUrl(s.musicId), seconds: musicSeconds(s) }));

const OFF: TSetting = { open: false, source: null, musicId: null, name: null, url: null, autoplay: false };

interface MusicRow {
  source: 'builtin' | 'local' | null;
  music_id: string | null;
  name: string | null;
  autoplay: boolean;
}

/** On when the vote's rule `music` is on and a track is chosen. */
function settingOf(open: boolean, row: MusicRow | undefined): TSetting {
  if (!row || !row.source || !row.music_id) return OFF;
  const url = row.source === 'builtin' ? musicUrl(row.music_id) : row.music_id;
  return { open, source: row.source, musicId: row.music_id, name: row.name, url, autoplay: row.autoplay };
}

/** The vote's music as the voting page plays it (public): the creator's uploaded track by a signed address (private file). */
export async function musicOfVote(deps: Pick<Deps, 'database' | 'secret' | 'now'>, voteId: string): Promise<TSetting> {
  const { query } = deps.database;
  const vote = await publicVote(query, voteId);
  const [row] = await query<MusicRow>('SELECT source, music_id, name, autoplay FROM vote_music WHERE vote_id = $1', [vote.id]);
  const setting = settingOf(rulesOf(vote).music, row);
  return setting.url ? { ...setting, url: signedMediaUrl(deps, setting.url) } : setting;
}

interface UploadRow {
  name: string;
  original_name: string;
  size: number;
  created_at: Date;
}

/** The creator's own uploaded audio files (upload/audio, or audio files of upload/file), newest first. */
export async function localMusic(query: Query, user: AuthUser | null, voteId: string): Promise<z.input<typeof ZLocalMusic>[]> {
  await managedVote(query, user, voteId, 'edit');
  const rows = await query<UploadRow>(
    `SELECT name, original_name, size, created_at FROM uploads WHERE user_id = $1 AND mime LIKE 'audio/%' AND kind <> 'answer' ORDER BY id DESC LIMIT 50`,
    [user!.id],
  );
  return rows.map((r) => ({
    musicId: `/uploads/${r.name}`,
    name: r.original_name,
    url: `/uploads/${r.name}`,
    size: r.size,
    createTime: new Date(r.created_at).toISOString(),
  }));
}

/**
 * Choose a track (built-in or the creator's own upload) and turn music on or off (power 1 or 2): the track is one
 * upsert, on/off is the vote's rule `music`; both in one transaction with the vote's row locked.
 */
export async function saveMusic(database: Database, user: AuthUser | null, body: z.output<typeof ZSaveMusicRequest>): Promise<TSetting> {
  return database.transaction(async (query) => {
    const vote = await managedVote(query, user, body.voteId, 'edit', true);
    let row: MusicRow | undefined;
    if (body.source && body.musicId) {
      const name = await trackName(query, user!, body.source, body.musicId);
      [row] = await query<MusicRow>(
        `INSERT INTO vote_music (vote_id, source, music_id, name, autoplay, updated_at) VALUES ($1, $2, $3, $4, $5, now())
         ON CONFLICT (vote_id) DO UPDATE SET source = EXCLUDED.source, music_id = EXCLUDED.music_id, name = EXCLUDED.name, autoplay = EXCLUDED.autoplay, updated_at = now()
         RETURNING source, music_id, name, autoplay`,
        [vote.id, body.source, body.musicId, name, body.autoplay],
      );
    } else {
      [row] = await query<MusicRow>('UPDATE vote_music SET autoplay = $2, updated_at = now() WHERE vote_id = $1 RETURNING source, music_id, name, autoplay', [
        vote.id,
        body.autoplay,
      ]);
    }
    if (body.open && !row) throw badInput('请选择背景音乐', 'musicId');
    if (rulesOf(vote).music !== body.open) await patchRules(query, vote.id, { music: body.open });
    return settingOf(body.open, row);
  });
}

const trackNameSql = defineSql(
  'vote-music.trackName',
  { original_name: col.text },
  `SELECT original_name FROM uploads WHERE name = $1 AND user_id = $2 AND mime LIKE 'audio/%' AND kind <> 'answer'`,
);

/** The chosen track's name: a built-in one, or the caller's own uploaded audio file. */
async function trackName(query: Query, user: AuthUser, source: 'builtin' | 'local', musicId: string): Promise<string> {
  if (source === 'builtin') {
    const score = MUSIC_SCORES.find((s) => s.musicId === musicId);
    if (!score) throw badInput('音乐不存在，请重新选择', 'musicId');
    return score.name;
  }
  const file = /^\/uploads\/([\w.-]+)$/.exec(musicId)?.[1];
  const [row] = file ? await trackNameSql.run(query, [file, user.id]) : [];
  if (!row) throw badInput('只能选择自己上传的音频文件', 'musicId');
  return row.original_name;
}
