import type { TestApp } from '../../helpers/test-app';
import { readCsv } from '../../server/report-analysis/csv-read';
import { callOk, type Filled } from './fill';

/** Every call's answer, by a readable key ("demo · question/statement/getStatement · <questionId>"). */
export type Snapshot = Record<string, unknown>;

const P = 'activity/question/';
const R = 'question/statement/';
const S = `${P}solitaire/`;
const A = `${P}appointment/`;

/**
 * What a project's owner or collaborator reads about one project: its form and settings, its team, every report
 * (statement, scores, quotas, trade), its data detail, and each kind's own lists (chain entries, check-ins, group-buy
 * orders, bookings, orders, red envelope prizes, draw winners). A call that does not fit the kind answers its
 * error, which must be the same error after the move.
 */
const PROJECT_READS = [
  `${P}getWxQuestion`,
  `${P}getSubject`,
  `${P}getWxQuestionSetting`,
  `${P}getConclusionList`,
  `${P}getSubjectCount`,
  `${P}getAnswerList`,
  'code/getTeamMemberList',
  `${R}getStatement`,
  `${R}getDataDetail`,
  `${R}getScoreStatement`,
  `${R}getScoreRank`,
  `${R}getHighestScore`,
  `${R}getQuotaStatement`,
  `${R}getTradeStatement`,
  `${S}getChainManage`,
  `${S}getChainMissing`,
  `${S}getCheckInManage`,
  `${S}getGroupBuyManage`,
  `${A}getSetting`,
  `${A}getBookings`,
  `${A}getStatement`,
  'active/commodity/order/getOrderList',
  `${P}spec/getSpecStock`,
  `${P}redPacket/getPrizeList`,
  `${P}draw/getWinnerList`,
];

/** Account-wide reads: projects, the bin, downloads, money, votes. */
const ACCOUNT_READS: [string, object, Record<string, string>?][] = [
  [`${P}getWxQuestionList`, { page: 1, pageSize: 100 }],
  [`${P}getWxQuestionDelList`, { page: 1, pageSize: 100 }],
  [`${P}getDownloadList`, { page: 1, pageSize: 50 }],
  ['recharge/getUserTransactionList', { page: 1, pageSize: 100 }],
  ['recharge/getUserRechargeList', { page: 1, pageSize: 100 }],
  ['recharge/getTransactionAmount', {}],
  ['activity/user/getUserCoin', {}],
  ['activity/user/info', {}],
  ['activity/vote/getVoteList', { page: 1, pageSize: 100 }, { host: 'toupiao.localhost' }],
];

const VOTE_READS: [string, (voteId: string) => object][] = [
  ['activity/vote/getVote', (voteId) => ({ voteId })],
  ['activity/vote/getVoteSetting', (voteId) => ({ voteId })],
  ['activity/player/getPlayerRankPage', (voteId) => ({ voteId, page: 1, pageSize: 100 })],
  ['activity/player/getStatisticsPlayerList', (voteId) => ({ voteId, page: 1, pageSize: 100 })],
  ['activity/vote/getVotingDetailList', (voteId) => ({ voteId, page: 1, pageSize: 100 })],
];

type Reader = { name: string; token: string };

export async function snapshot(t: TestApp, filled: Filled): Promise<Snapshot> {
  const out: Snapshot = {};
  const read = async (who: Reader, path: string, body: object, headers: Record<string, string> = {}, label = '') => {
    const answer = withoutServerTime(await t.call(path, body, { token: who.token, ...headers }));
    out[`${who.name} · ${path}${label ? ` · ${label}` : ''}`] = answer;
    return answer as { resultCode: string; data: unknown };
  };
  const readers: Reader[] = [
    { name: 'demo', token: filled.demo },
    { name: 'colleague', token: filled.colleague },
    { name: 'shop owner', token: filled.shopOwner },
    { name: 'payer', token: filled.payer },
  ];
  for (const who of readers) {
    for (const [path, body, headers] of ACCOUNT_READS) await read(who, path, body, headers);
    const projects = await callOk<{ list: { questionId: string }[] }>(t, `${P}getWxQuestionList`, { page: 1, pageSize: 100 }, { token: who.token });
    for (const { questionId } of projects.list) {
      for (const path of PROJECT_READS) await read(who, path, { questionId }, {}, questionId);
      // Each sheet as its detail page shows it.
      const detail = (out[`${who.name} · ${R}getDataDetail · ${questionId}`] as { data?: { list?: { sheetId?: string }[] } }).data;
      for (const sheet of detail?.list ?? [])
        if (sheet.sheetId) await read(who, `${R}getAnswerSheetDetail`, { questionId, sheetId: sheet.sheetId }, {}, sheet.sheetId);
    }
    const votes = await callOk<{ list: { voteId: string }[] }>(
      t,
      'activity/vote/getVoteList',
      { page: 1, pageSize: 100 },
      { token: who.token, host: 'toupiao.localhost' },
    );
    for (const { voteId } of votes.list) for (const [path, body] of VOTE_READS) await read(who, path, body(voteId), { host: 'toupiao.localhost' }, voteId);
  }
  // The survey's reports filtered by an answer condition, and its cross-tab, as owner and collaborator.
  const { questionId, choice, other } = filled.survey;
  const filter = { conditions: [{ op: 'chose', subject: choice.uuid, option: `${choice.uuid}-o0` }] };
  for (const who of readers.slice(0, 2)) {
    await read(who, `${R}getStatement`, { questionId, filter }, {}, 'filtered');
    await read(who, `${R}getDataDetail`, { questionId, filter }, {}, 'filtered');
    await read(who, `${R}getCrossTab`, { questionId, rowSubject: choice.uuid, colSubject: other.uuid }, {}, 'cross');
    await read(who, `${R}getCrossTab`, { questionId, rowSubject: choice.uuid, colSubject: other.uuid, filter }, {}, 'cross filtered');
  }
  // The shop's orders filtered by state.
  await read(readers[2]!, 'active/commodity/order/getOrderList', { questionId: filled.shop.questionId, state: 'paid' }, {}, 'paid');
  // The export job's file and the uploaded file, as bytes.
  out['export file'] = await exportFile(t, filled);
  const upload = await t.app.inject({ method: 'GET', url: filled.uploadUrl, headers: { token: filled.demo } });
  out['upload file'] = { status: upload.statusCode, type: upload.headers['content-type'], body: upload.rawPayload.toString('base64') };
  return out;
}

/**
 * `serverTime` is the server's clock at the moment of the answer (order and check-in views send it so the page
 * counts down deadlines): it honestly differs between two reads of the same data, so it is the one field dropped.
 */
function withoutServerTime<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutServerTime) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'serverTime')
      .map(([key, v]) => [key, withoutServerTime(v)]),
  ) as T;
}

/** The finished export's file through its download link (the link itself carries an expiry: not compared). */
async function exportFile(t: TestApp, filled: Filled) {
  const link = await callOk<{ url: string }>(t, `${P}getDownloadUrl`, { jobId: filled.exportJobId }, { token: filled.demo });
  const response = await t.app.inject({ method: 'GET', url: link.url });
  return { status: response.statusCode, type: response.headers['content-type'], rows: readCsv(response.rawPayload.toString('utf8').replace(/^\uFEFF/, '')) };
}

/** The paths where two snapshots differ ("key › field › 3 › field"), for a failure that names what changed. */
export function differences(a: unknown, b: unknown, at = ''): string[] {
  if (Object.is(a, b)) return [];
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b))
    return [`${at}: ${JSON.stringify(a)?.slice(0, 80)} ≠ ${JSON.stringify(b)?.slice(0, 80)}`];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) => differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], at ? `${at} › ${key}` : key));
}
