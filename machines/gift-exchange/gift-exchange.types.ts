import type { TGift, TGiftAddress } from '../../schemas/api/coins';

/** The gift being exchanged, as the catalogue shows it. */
export type TExchangeGift = Pick<TGift, 'giftId' | 'name' | 'coinPrice' | 'image'>;

/** What activity/gift/getGiftExchange answers that the page uses: the coins it took and what is left. */
export interface TExchangeOutput {
  coins: number;
  coin: number;
}

export interface TGiftExchangeContext {
  gift: TExchangeGift | null;
  /** The address typed last (kept when the user goes back to change it, or retries). */
  address: TGiftAddress | null;
  /** The server's refusal (礼品已兑完, 问卷币不足 …) or a network failure, shown in `failed`. */
  error: string | null;
  /** The exchange made, shown in `done`. */
  result: TExchangeOutput | null;
}

/**
 * Events of one exchange: pick a gift, give the address, confirm (or go back to change the address), close or
 * cancel at any point before submitting, retry after a failure, close after success.
 */
export type TGiftExchangeEvent =
  | { type: 'gift.choose'; gift: TExchangeGift }
  | { type: 'address.submit'; address: TGiftAddress }
  | { type: 'address.edit' }
  | { type: 'exchange.confirm' }
  | { type: 'exchange.retry' }
  | { type: 'exchange.close' };
