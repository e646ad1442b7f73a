import { CHAIN_MESSAGES, type TChainCounts, type TChainEntry } from '../../../schemas/api/chain';
import type { TRefusalReason } from '../../../schemas/refusals';
import { PROJECT_STATUS } from '../../../schemas/project-kinds';
import type { ChainEntryRow } from '../../db/rows';
import { badInput, conflict } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import { publicId } from '../crypto';
import type { Deps } from '../deps';
import { feedPayload } from './chain-events.service';
import type { ChainLive } from './chain-live.service';
import { countsOfRow, publicChain, publicEntry, readChain, settingsOf } from './chain-project.service';
import { chainParticipant } from './chain-wechat.service';

export interface JoinInput {
  questionId: string;
  deviceId: string;
  /** 仅限微信授权参与: the identity token (chain-wechat.service.ts). */
  wechatToken?: string;
  name: string;
  answer: string;
  people: number;
  /** Told by SMS when promoted from the waitlist, and the 结果查询 key where the chain has it ('' none); signed with the brand joined on. */
  phone: string;
  brand: string;
}

const closedRefusal = () => conflict(CHAIN_MESSAGES.closed, { reason: 'chainClosed' satisfies TRefusalReason });

/**
 * Join a chain: one transaction takes the next number and a place or a waiting position (Deps.chainSeat, one
 * conditional UPDATE), stores the entry under the one-per-person key when the chain has it, and records the
 * event. A refusal rolls all of it back, number included.
 */
export async function joinChain(deps: Deps, live: ChainLive, user: AuthUser | null, input: JoinInput): Promise<{ entry: TChainEntry; counts: TChainCounts }> {
  const { database } = deps;
  const project = await publicChain(database.query, input.questionId);
  if (project.status !== PROJECT_STATUS.published) throw conflict(CHAIN_MESSAGES.notCollecting, { reason: 'paused' satisfies TRefusalReason });
  const participant = chainParticipant(deps, await readChain(database.query, project.id), user, input)!;
  const taker = await deps.chainSeat.prepare(database.query, project.id);
  const result = await database.transaction(async (query) => {
    const now = deps.now();
    const seat = await taker.take(query, project.id, input.people, now);
    if (!seat) throw closedRefusal();
    const { chain } = seat;
    if (chain.cap !== null && input.people > chain.cap) throw badInput(`每条接龙最多${chain.cap}人`, 'people');
    if (!seat.admitted && !chain.waitlist) throw conflict(CHAIN_MESSAGES.full, { reason: 'full' satisfies TRefusalReason });
    // The entry and its feed event are ONE statement after the seat's: the chain's row stays locked from the seat's
    // UPDATE to the commit, so each round trip in between is time every other joiner waits (issue 54, the soak's
    // lock waits). The event is the entry as it will be stored (its id, number, state and time are all known here);
    // an entry refused by the one-per-person key writes no event (`FROM e` is empty) and the refusal rolls back.
    const entryId = publicId();
    const admitted = seat.admitted;
    const state = admitted ? 'joined' : 'waitlisted';
    const counts = countsOfRow(chain);
    const entry = publicEntry(
      { public_id: entryId, seq: seat.seq, name: input.name, answer: input.answer, people: input.people, state, created_at: now, updated_at: now },
      chain.mask_names,
    );
    const rows = await query<ChainEntryRow>(
      `WITH e AS (
         INSERT INTO chain_entries (public_id, project_id, seq, participant, person_slot, user_id, name, answer, people, state, created_at, updated_at, phone, brand)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13)
         ON CONFLICT (project_id, participant, person_slot) WHERE state IN ('joined', 'waitlisted') DO NOTHING RETURNING *)
       SELECT e.*, wj_feed_event($2, 'join', $14::jsonb)::text AS fed FROM e`,
      [
        entryId,
        project.id,
        seat.seq,
        participant,
        chain.multiple ? seat.seq : 0,
        user?.id ?? null,
        input.name,
        input.answer,
        input.people,
        state,
        now,
        // A phone serves a promotion, or 结果查询 when the chain has it on: otherwise an entry admitted at once keeps none.
        admitted && !chain.query_enabled ? '' : input.phone,
        input.brand,
        JSON.stringify(feedPayload('join', entry, counts, settingsOf(chain))),
      ],
    );
    if (!rows[0]) throw conflict(CHAIN_MESSAGES.alreadyJoined, { reason: 'alreadyJoined' satisfies TRefusalReason });
    return { entry: publicEntry(rows[0], chain.mask_names), counts };
  });
  live.changed(project.id);
  return result;
}
