import type { Column, Table } from 'drizzle-orm';
import type { answerSheets, projects, users } from './tables';
import type { appointmentBookings, appointmentSchedules, appointmentSlots } from './tables-appointments';
import type { chainEntries, chainSettings } from './tables-chain';
import type { checkInRecords, checkInSettings } from './tables-checkin';
import type { exportJobs } from './tables-exports';
import type { ledger, orderLines, orderRefunds, orders, sandboxTrades, unmatchedReceipts } from './tables-orders';
import type { merchantApplications } from './tables-merchant';
import type { balanceLedger, invoiceAccounts, invoices, rechargeOrders, userCoupons, userQuotas } from './tables-money';
import type { messages } from './tables-messages';
import type { notices, wechatNoticeTemplates } from './tables-notices';
import type { wechatAuthorizers, wechatComponent, wechatJsapiTickets } from './tables-wechat';
import type { voteActivities, voteBallots, votePlayers } from './tables-votes';
import type { redEnvelopePayouts, redEnvelopes } from './tables-red-envelopes';
import type { contactFields, contactGroups, contactLinks, contacts, contactSettings, invitationMessages, invitations, smsSigns } from './tables-contacts';
import type { mailOutbox } from './tables-mail';
import type {
  coinAccounts,
  coinDrawPrizes,
  coinDraws,
  coinLedger,
  coinSignins,
  giftExchanges,
  gifts,
  spaceAnswers,
  spaceReleases,
  taskQuestions,
  userTasks,
} from './tables-coins';
import type { aiAnalyses, aiGenerations, aiNonces, aiUses } from './tables-ai';
import type { apiTokens, webhookAttempts, webhookDeliveries, webhooks } from './tables-open';

/**
 * What raw SQL hands back for a column, on both drivers (checked on PGlite and node-postgres): the TypeScript
 * type drizzle infers, except that node-postgres returns bigint as a string (PGlite a number) and both return
 * `date` as a Date where drizzle's default mode says string.
 */
type RawValue<C extends Column, V> = C['_']['columnType'] extends 'PgBigInt53' | 'PgBigInt64'
  ? Exclude<V, number | bigint> | number | string
  : C['_']['columnType'] extends 'PgDateString'
    ? Exclude<V, string> | Date
    : V;

/**
 * A table's row as raw SQL (`SELECT *`) returns it: keyed by the column names of server/db/tables*.ts
 * (snake_case), typed from the same declarations. Partial selects take `Pick<RowOf<…>, 'a' | 'b'>`; computed
 * columns are added beside it. Renaming a column in a table renames it here, and every read of the old name
 * stops compiling (tests/server/db/row-types.test.ts).
 */
export type RowOf<T extends Table> = {
  [K in keyof T['_']['columns'] & keyof T['$inferSelect'] as T['_']['columns'][K]['_']['name']]: RawValue<T['_']['columns'][K], T['$inferSelect'][K]>;
};

export type UserRow = RowOf<typeof users>;
export type ProjectRow = RowOf<typeof projects>;
export type AnswerSheetRow = RowOf<typeof answerSheets>;
export type ExportJobRow = RowOf<typeof exportJobs>;
export type MerchantApplicationRow = RowOf<typeof merchantApplications>;
export type VoteRow = RowOf<typeof voteActivities>;
export type VotePlayerRow = RowOf<typeof votePlayers>;
export type VoteBallotRow = RowOf<typeof voteBallots>;
export type ChainSettingsRow = RowOf<typeof chainSettings>;
export type ChainEntryRow = RowOf<typeof chainEntries>;
export type OrderRow = RowOf<typeof orders>;
export type OrderLineRow = RowOf<typeof orderLines>;
export type OrderRefundRow = RowOf<typeof orderRefunds>;
export type LedgerRow = RowOf<typeof ledger>;
export type SandboxTradeRow = RowOf<typeof sandboxTrades>;
export type UnmatchedReceiptRow = RowOf<typeof unmatchedReceipts>;
export type AppointmentScheduleRow = RowOf<typeof appointmentSchedules>;
export type AppointmentSlotRow = RowOf<typeof appointmentSlots>;
export type AppointmentBookingRow = RowOf<typeof appointmentBookings>;
export type CheckInSettingsRow = RowOf<typeof checkInSettings>;
export type CheckInRecordRow = RowOf<typeof checkInRecords>;
export type BalanceLedgerRow = RowOf<typeof balanceLedger>;
export type RechargeOrderRow = RowOf<typeof rechargeOrders>;
export type UserQuotaRow = RowOf<typeof userQuotas>;
export type UserCouponRow = RowOf<typeof userCoupons>;
export type InvoiceRow = RowOf<typeof invoices>;
export type InvoiceAccountRow = RowOf<typeof invoiceAccounts>;
export type MessageRow = RowOf<typeof messages>;
export type NoticeRow = RowOf<typeof notices>;
export type WechatNoticeTemplateRow = RowOf<typeof wechatNoticeTemplates>;
export type WechatComponentRow = RowOf<typeof wechatComponent>;
export type WechatAuthorizerRow = RowOf<typeof wechatAuthorizers>;
export type WechatJsapiTicketRow = RowOf<typeof wechatJsapiTickets>;
export type RedEnvelopeRow = RowOf<typeof redEnvelopes>;
export type RedEnvelopePayoutRow = RowOf<typeof redEnvelopePayouts>;
export type ContactGroupRow = RowOf<typeof contactGroups>;
export type ContactFieldRow = RowOf<typeof contactFields>;
export type ContactSettingsRow = RowOf<typeof contactSettings>;
export type ContactRow = RowOf<typeof contacts>;
export type ContactLinkRow = RowOf<typeof contactLinks>;
export type InvitationRow = RowOf<typeof invitations>;
export type InvitationMessageRow = RowOf<typeof invitationMessages>;
export type SmsSignRow = RowOf<typeof smsSigns>;
export type MailOutboxRow = RowOf<typeof mailOutbox>;
export type CoinAccountRow = RowOf<typeof coinAccounts>;
export type CoinLedgerRow = RowOf<typeof coinLedger>;
export type CoinSigninRow = RowOf<typeof coinSignins>;
export type UserTaskRow = RowOf<typeof userTasks>;
export type TaskQuestionRow = RowOf<typeof taskQuestions>;
export type GiftRow = RowOf<typeof gifts>;
export type GiftExchangeRow = RowOf<typeof giftExchanges>;
export type CoinDrawPrizeRow = RowOf<typeof coinDrawPrizes>;
export type CoinDrawRow = RowOf<typeof coinDraws>;
export type SpaceReleaseRow = RowOf<typeof spaceReleases>;
export type SpaceAnswerRow = RowOf<typeof spaceAnswers>;
export type AiNonceRow = RowOf<typeof aiNonces>;
export type AiGenerationRow = RowOf<typeof aiGenerations>;
export type AiUseRow = RowOf<typeof aiUses>;
export type AiAnalysisRow = RowOf<typeof aiAnalyses>;
export type ApiTokenRow = RowOf<typeof apiTokens>;
export type WebhookRow = RowOf<typeof webhooks>;
export type WebhookDeliveryRow = RowOf<typeof webhookDeliveries>;
export type WebhookAttemptRow = RowOf<typeof webhookAttempts>;
