import { done, failure, type TStandIns } from '../stand-ins';
import type { TExchangeGift, TGiftExchangeEvent } from './gift-exchange.types';

export const SAMPLE_GIFT: TExchangeGift = { giftId: 'g_notebook', name: '定制笔记本', coinPrice: 200, image: '' };
export const SAMPLE_ADDRESS = { receiverName: '张三', receiverPhone: '13800138000', region: '浙江省 杭州市 西湖区', address: '文三路 100 号' };

export const giftExchangeStandIns: TStandIns = {
  exchangeGift: {
    does: 'activity/gift/getGiftExchange',
    outcomes: { success: done({ coins: 200, coin: 300 }), soldOut: failure('礼品已兑完'), failure: failure('网络异常') },
  },
};

export const giftExchangeSampleEvents: TGiftExchangeEvent[] = [
  { type: 'gift.choose', gift: SAMPLE_GIFT },
  { type: 'address.submit', address: SAMPLE_ADDRESS },
];
