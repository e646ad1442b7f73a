import type { Database } from '../db/client';
import type { TEnv } from '../env';
import type { SmsProvider } from '../providers/sms';
import type { MailTransport } from '../providers/mail';
import type { PayProviders } from '../providers/pay-from-env';
import type { WechatOpen } from '../providers/wechat-open';
import type { AiModel } from '../providers/ai/model';
import type { LimitStrategy } from './access/rate-limit.service';
import type { CapacityStrategy } from './submit/submit-capacity.service';
import type { ChainSeatStrategy } from './chain/chain-seat.service';
import type { AppointmentSeatStrategy } from './appointment/appointment-seat.service';
import type { CheckInTakeStrategy } from './checkin/checkin-take.service';
import type { ClaimStrategy } from '../jobs/export-queue';
import type { BallotStrategy } from './vote/ballot-strategy';
import type { ReceiptStrategy } from './pay/unmatched-receipts.service';
import type { ExamClockStrategy } from './submit/submit-exam-clock.service';
import type { BalanceStrategy } from './money/balance.service';
import type { CouponStrategy } from './money/coupon-use.service';
import type { WhiteClaimStrategy } from './whitelist/white-claim';
import type { ContactCapStrategy } from './contacts/contact-cap';
import type { SmsQuotaStrategy } from './sms/sms-quota';
import type { LinkClaimStrategy } from './sms/contact-link-claim';
import type { CoinStrategy } from './coin-ledger/coin-ledger.service';
import type { TaskClaimStrategy } from './coins/tasks/task-claim';
import type { GiftStockStrategy } from './coins/gifts/gift-stock';
import type { SpaceBudgetStrategy } from './coins/space/space-budget';
import type { AiQuotaStrategy } from './ai/ai-quota';

/** What every service needs; built once per app. */
export interface Deps {
  database: Database;
  env: TEnv;
  secret: string;
  sms: SmsProvider;
  /** Where e-mail goes (SMTP_HOST …; the development outbox; else sends are refused): server/providers/mail-from-env.ts. */
  mail: MailTransport;
  /** Pay providers (PAY_PROVIDER; the built-in sandbox by default). */
  pay: PayProviders;
  /** The WeChat Open Platform adapter (WECHAT_OPEN_*); null when not configured, and the calls say what to set. */
  wechatOpen: WechatOpen | null;
  /** The AI model (AI_BASE_URL, AI_MODEL, AI_API_KEY: server/providers/ai/); null: the built-in assistant answers. */
  aiModel: AiModel | null;
  /** How webhook receivers' host names are resolved (node:dns by default; tests answer names without a network). */
  resolveHost?: (host: string) => Promise<{ address: string; family: number }[]>;
  /** The clock, replaceable in tests (e.g. to move 8 days forward). */
  now: () => Date;
  /** How order numbers are drawn (newOrderNo when left out; tests draw a repeat to show it is drawn again). */
  drawOrderNo?: (now: Date) => string;
  /**
   * How counters hold under concurrency: rate limits, a submit's quotas, slots, stock and cap, and export-job
   * claims. buildApp gives the exact ones (exactLimits, exactCapacity, exactClaim); the concurrency tests build
   * an app with the naive ones of tests/helpers/naive-strategies.ts to show they overshoot.
   */
  limits: LimitStrategy;
  capacity: CapacityStrategy;
  claim: ClaimStrategy;
  /** How a vote's ballot takes the voter's limits and the player's count (batchedBallot: wj_ballots, in batches). */
  ballot: BallotStrategy;
  /** How a sign-up chain's join takes its place (exactChainSeat; the naive one in tests overshoots the cap). */
  chainSeat: ChainSeatStrategy;
  /** How a check-in is stored once per person per day (exactCheckInTake; the naive one in tests reads first). */
  checkInTake: CheckInTakeStrategy;
  /** How an appointment booking, reschedule or move takes its slot's places (exactAppointmentSeat). */
  appointmentSeat: AppointmentSeatStrategy;
  /** How a late or double payment is recorded once and its refund claimed once (exactReceipts; the naive one reads first). */
  receipts: ReceiptStrategy;
  /** How a timed exam's start is recorded once per respondent (exactExamClock; the naive one in tests reads first). */
  examClock: ExamClockStrategy;
  /** How a purchase takes money from a balance (exactBalance: one conditional UPDATE; the naive one in tests reads first). */
  balance: BalanceStrategy;
  /** How a purchase uses a coupon once (exactCoupon: one conditional UPDATE; the naive one in tests reads first). */
  coupon: CouponStrategy;
  /** How a whitelisted sheet claims its entry (exactWhiteClaim: one conditional UPDATE; the naive one in tests reads first). */
  whiteClaim: WhiteClaimStrategy;
  /** How an address book stays within its per-user limits (exactContactCap: the book row locked, one conditional INSERT). */
  contactCap: ContactCapStrategy;
  /** How a send takes the user's SMS counts (exactSmsQuota: one conditional UPDATE per message; the naive one reads first). */
  smsQuota: SmsQuotaStrategy;
  /** How a sheet claims its contact link (exactLinkClaim: one conditional UPDATE; the naive one reads first). */
  linkClaim: LinkClaimStrategy;
  /** How coins are earned and spent (exactCoins: one conditional statement per change; the naive one reads first). */
  coins: CoinStrategy;
  /** How a task's reward is taken once (exactTaskClaim: one conditional UPDATE; the naive one in tests reads first). */
  taskClaim: TaskClaimStrategy;
  /** How a gift exchange takes the gift's stock (exactGiftStock: one conditional UPDATE; the naive one reads first). */
  giftStock: GiftStockStrategy;
  /** How a space answer takes its reward from the release's budget (exactSpaceBudget: one conditional UPDATE; the naive one reads first). */
  spaceBudget: SpaceBudgetStrategy;
  /** How a model call takes one AI count (exactAiQuota: one transaction, a conditional UPDATE; the naive one reads first). */
  aiQuota: AiQuotaStrategy;
}

/** The strategies a caller of buildApp may replace. */
export type Strategies = Pick<
  Deps,
  | 'limits'
  | 'capacity'
  | 'claim'
  | 'ballot'
  | 'chainSeat'
  | 'checkInTake'
  | 'appointmentSeat'
  | 'receipts'
  | 'examClock'
  | 'balance'
  | 'coupon'
  | 'whiteClaim'
  | 'contactCap'
  | 'smsQuota'
  | 'linkClaim'
  | 'coins'
  | 'taskClaim'
  | 'giftStock'
  | 'spaceBudget'
  | 'aiQuota'
>;
