import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { playerPlan, VOTE_RULES } from '../../../machines/vote-quick-start/vote-quick-start.operations';
import { voteQuickStartMachine } from '../../../machines/vote-quick-start/vote-quick-start.machine';
import { selectBusy, selectLimitDialog, selectPublished, selectScreen, selectStepLabel } from '../../../machines/vote-quick-start/vote-quick-start.selectors';
import type { TQuickPlayer, TSavePlayersInput, TVoteBasics } from '../../../machines/vote-quick-start/vote-quick-start.types';
import { escapeHtml } from '../../../schemas/logic/piping';
import { getQuestionCount } from '../../api/question';
import { openMemberPage } from '../../api/use-creation';
import { getVoteSuspendOrStart, saveVote } from '../../api/vote';
import { batchAddPlayerRows, delWxPlayer, getPlayerList, saveOrUpdatePlayer } from '../../api/vote-player';

/** The description typed as plain lines, as the vote's rich text: one paragraph a line. */
export const descriptionHtml = (text: string): string =>
  text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');

/** Reads the vote's players, then removes, updates and adds so they are the screen's (a retry adds nothing twice). */
async function savePlayers({ voteId, players }: TSavePlayersInput): Promise<void> {
  const saved = (await getPlayerList({ voteId, page: 1, pageSize: 100 })).list;
  const plan = playerPlan(players, saved);
  if (plan.remove.length) await delWxPlayer(voteId, plan.remove);
  for (const each of plan.update) await saveOrUpdatePlayer({ voteId, ...each });
  if (plan.add.length) await batchAddPlayerRows(voteId, plan.add);
}

/** The machine with the existing calls: count check, saveOrUpdateVote, the player calls, getVoteSuspendOrStart. */
const logic = () =>
  voteQuickStartMachine.provide({
    actors: {
      checkCount: fromPromise(() => getQuestionCount()),
      create: fromPromise(async ({ input }: { input: TVoteBasics }) => {
        const result = await saveVote({
          title: input.title.trim(),
          description: descriptionHtml(input.description),
          startTime: input.startTime,
          endTime: input.endTime,
          settings: VOTE_RULES[input.rule].settings,
        });
        return { voteId: result.voteId, isCreate: result.isCreate };
      }),
      savePlayers: fromPromise(({ input }: { input: TSavePlayersInput }) => savePlayers(input)),
      publish: fromPromise(async ({ input }: { input: string }) => {
        await getVoteSuspendOrStart(input, 'start');
      }),
    },
    actions: { openMemberPage: (_, params) => openMemberPage(params.memberLevel) },
  });

/** The two-screen phone vote: the screen shown, its message and step, the limit dialog, the vote once it is live. */
export function useVoteQuickStart() {
  const machine = useMemo(logic, []);
  const actor = useActorRef(machine);
  return {
    next: (basics: TVoteBasics) => actor.send({ type: 'basics.next', basics }),
    back: () => actor.send({ type: 'basics.back' }),
    publish: (players: TQuickPlayer[]) => actor.send({ type: 'vote.publish', players }),
    confirmLimit: () => actor.send({ type: 'dialog.confirm' }),
    dismissLimit: () => actor.send({ type: 'dialog.dismiss' }),
    screen: useSelector(actor, selectScreen),
    busy: useSelector(actor, selectBusy),
    step: useSelector(actor, selectStepLabel),
    published: useSelector(actor, selectPublished),
    limit: useSelector(actor, selectLimitDialog),
    error: useSelector(actor, (snapshot) => snapshot.context.error),
    voteId: useSelector(actor, (snapshot) => snapshot.context.voteId),
  };
}
