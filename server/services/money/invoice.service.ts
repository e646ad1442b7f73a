import { randomInt } from 'node:crypto';
import { INVOICE_MESSAGES, type TInvoice, type TInvoiceDetails } from '../../../schemas/api/invoice';
import type { Query } from '../../db/client';
import type { InvoiceAccountRow, InvoiceRow, RechargeOrderRow } from '../../db/rows';
import { conflict, notFound } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** 'I' + the China-time second + 6 random digits: 20 digits like the order numbers. */
function newInvoiceNo(now: Date): string {
  const local = new Date(now.getTime() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `I${local}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

const accountView = (row: Pick<InvoiceAccountRow, 'title_type' | 'title' | 'tax_no' | 'email'>) => ({
  titleType: row.title_type,
  title: row.title,
  taxNo: row.tax_no,
  email: row.email,
});

export const invoiceView = (row: InvoiceRow): TInvoice => ({
  ...accountView(row),
  invoiceNo: row.invoice_no,
  orderNo: row.order_no,
  amountFen: row.amount_fen,
  state: row.state,
  createdAt: iso(row.created_at)!,
  issuedAt: iso(row.issued_at),
});

/** The caller's live invoice of an order (requested or issued), if any. */
async function liveInvoice(query: Query, userId: number, orderNo: string): Promise<InvoiceRow | undefined> {
  const [row] = await query<InvoiceRow>(`SELECT * FROM invoices WHERE order_no = $1 AND user_id = $2 AND state <> 'revoked'`, [orderNo, userId]);
  return row;
}

/**
 * recharge/getInvoiceSaveOrUpdate: an invoice asked for a paid recharge order of the caller, for what was paid (the
 * order's amount, never a figure from the body), or the details of the one already asked changed while it is
 * 申请中. One live invoice per order (the partial unique key decides between parallel requests). The order's row is
 * locked so a request and a revoke of the same order run one after the other.
 */
export async function saveInvoice(deps: Deps, user: AuthUser, input: TInvoiceDetails & { orderNo: string }): Promise<TInvoice> {
  const now = deps.now();
  return deps.database.transaction(async (q) => {
    const [order] = await q<RechargeOrderRow>('SELECT * FROM recharge_orders WHERE order_no = $1 AND user_id = $2 FOR UPDATE', [input.orderNo, user.id]);
    // Another user's order is "404" like a missing one: existence does not leak.
    if (!order) throw notFound(INVOICE_MESSAGES.orderNotFound);
    if (order.state !== 'paid') throw conflict(INVOICE_MESSAGES.orderUnpaid);
    const existing = await liveInvoice(q, user.id, order.order_no);
    if (existing) {
      if (existing.state !== 'requested') throw conflict(INVOICE_MESSAGES.issued);
      const [row] = await q<InvoiceRow>(
        `UPDATE invoices SET title_type = $2, title = $3, tax_no = $4, email = $5, updated_at = $6 WHERE id = $1 AND state = 'requested' RETURNING *`,
        [existing.id, input.titleType, input.title, input.taxNo, input.email, now],
      );
      return invoiceView(row!);
    }
    const [row] = await q<InvoiceRow>(
      `INSERT INTO invoices (invoice_no, user_id, order_no, amount_fen, title_type, title, tax_no, email, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) ON CONFLICT (order_no) WHERE state <> 'revoked' DO NOTHING RETURNING *`,
      [newInvoiceNo(now), user.id, order.order_no, order.amount_fen, input.titleType, input.title, input.taxNo, input.email, now],
    );
    if (!row) throw conflict(INVOICE_MESSAGES.already);
    return invoiceView(row);
  });
}

/** recharge/getInvoiceInfo: the live invoice of the caller's order (or null), and the saved invoice details. */
export async function invoiceInfo(query: Query, user: AuthUser, orderNo: string | undefined) {
  if (orderNo) {
    const [order] = await query<Pick<RechargeOrderRow, 'id'>>('SELECT id FROM recharge_orders WHERE order_no = $1 AND user_id = $2', [orderNo, user.id]);
    if (!order) throw notFound(INVOICE_MESSAGES.orderNotFound);
  }
  const invoice = orderNo ? await liveInvoice(query, user.id, orderNo) : undefined;
  const [account] = await query<InvoiceAccountRow>('SELECT * FROM invoice_accounts WHERE user_id = $1', [user.id]);
  return { invoice: invoice ? invoiceView(invoice) : null, account: account ? accountView(account) : null };
}

/** recharge/getRevokeInvoice: the caller's invoice request withdrawn while 申请中 (one conditional UPDATE); an issued one stays. */
export async function revokeInvoice(deps: Deps, user: AuthUser, invoiceNo: string): Promise<TInvoice> {
  const { query } = deps.database;
  const [row] = await query<InvoiceRow>(
    `UPDATE invoices SET state = 'revoked', updated_at = $3 WHERE invoice_no = $1 AND user_id = $2 AND state = 'requested' RETURNING *`,
    [invoiceNo, user.id, deps.now()],
  );
  if (row) return invoiceView(row);
  const [found] = await query<Pick<InvoiceRow, 'state'>>('SELECT state FROM invoices WHERE invoice_no = $1 AND user_id = $2', [invoiceNo, user.id]);
  if (!found) throw notFound(INVOICE_MESSAGES.notFound);
  throw conflict(found.state === 'issued' ? INVOICE_MESSAGES.issued : INVOICE_MESSAGES.revoked);
}

/** recharge/saveOrderAccount: the caller's invoice details kept to prefill the next request. */
export async function saveInvoiceAccount(deps: Deps, user: AuthUser, input: TInvoiceDetails) {
  const [row] = await deps.database.query<InvoiceAccountRow>(
    `INSERT INTO invoice_accounts (user_id, title_type, title, tax_no, email, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id) DO UPDATE SET title_type = EXCLUDED.title_type, title = EXCLUDED.title, tax_no = EXCLUDED.tax_no, email = EXCLUDED.email, updated_at = EXCLUDED.updated_at
     RETURNING *`,
    [user.id, input.titleType, input.title, input.taxNo, input.email, deps.now()],
  );
  return accountView(row!);
}

/** The live invoices of some of the caller's orders, by order number (the recharge records show them). */
export async function invoicesOf(query: Query, userId: number, orderNos: string[]): Promise<Map<string, TInvoice>> {
  if (!orderNos.length) return new Map();
  const rows = await query<InvoiceRow>(`SELECT * FROM invoices WHERE user_id = $1 AND order_no = ANY($2::text[]) AND state <> 'revoked'`, [userId, orderNos]);
  return new Map(rows.map((row) => [row.order_no, invoiceView(row)]));
}
