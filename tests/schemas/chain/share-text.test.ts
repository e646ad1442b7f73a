import { describe, expect, it } from 'vitest';
import { chainShareText, pickupSummaryText, type TPickupOrder } from '../../../schemas/chain/share-text';

/** Issue 47 item 3: the text people paste into a WeChat group, built the same on every side. */
describe('chainShareText', () => {
  it('numbers the joined list and the waitlist apart, with title, deadline (Beijing time) and link', () => {
    const text = chainShareText({
      title: ' 周六羽毛球 ',
      deadline: '2024-12-05T10:00:00.000Z',
      joined: [
        { name: '张三', people: 1, answer: '' },
        { name: '李四', people: 2, answer: '带  球拍' },
      ],
      waiting: [{ name: '王五', people: 1, answer: '' }],
      link: 'https://example.test/s/q-abc',
    });
    expect(text).toBe(
      [
        '#接龙',
        '周六羽毛球',
        '截止时间：2024-12-05 18:00',
        '',
        '1. 张三',
        '2. 李四（2人） 带 球拍',
        '',
        '候补（1）',
        '1. 王五',
        '',
        '接龙链接：https://example.test/s/q-abc',
      ].join('\n'),
    );
  });

  it('says nobody joined yet and leaves out the deadline and the waitlist when there are none', () => {
    const text = chainShareText({ title: '早读打卡', deadline: null, joined: [], waiting: [], link: 'https://x.test/s/1' });
    expect(text).toBe(['#接龙', '早读打卡', '', '（还没有人接龙）', '', '接龙链接：https://x.test/s/1'].join('\n'));
    expect(text).not.toContain('截止');
    expect(text).not.toContain('候补');
  });
});

describe('pickupSummaryText', () => {
  const order = (seq: number, name: string, point: string, state: string, lines: TPickupOrder['lines'], phone = '13800001234'): TPickupOrder => ({
    seq,
    name,
    phone,
    point,
    state,
    lines,
  });
  it('groups live orders by pick-up point in the given order, marks unpaid and collected ones, and sums the items', () => {
    const text = pickupSummaryText({
      title: '周末水果团',
      points: ['东门', '西门'],
      orders: [
        order(1, '张三', '西门', 'paid', [{ title: '苹果', spec: '大', quantity: 2 }]),
        order(2, '李四', '东门', 'created', [
          { title: '苹果', spec: '大', quantity: 1 },
          { title: '梨', spec: '', quantity: 3 },
        ]),
        order(3, '王五', '东门', 'closed', [{ title: '梨', spec: '', quantity: 9 }]),
        order(4, '赵六', '东门', 'collected', [{ title: '梨', spec: '', quantity: 1 }], ''),
        order(5, '钱七', '', 'refunded', [{ title: '梨', spec: '', quantity: 5 }]),
        order(6, '孙八', '', 'paid', [{ title: '梨', spec: '', quantity: 1 }]),
      ],
    });
    expect(text).toBe(
      [
        '#团购自提 周末水果团',
        '共 4 单',
        '',
        '【东门】2 单',
        '1. 李四 尾号1234 苹果(大)×1、梨×3 [未付]',
        '2. 赵六 梨×1 [已取]',
        '',
        '【西门】1 单',
        '1. 张三 尾号1234 苹果(大)×2',
        '',
        '【未选自提点】1 单',
        '1. 孙八 尾号1234 梨×1',
        '',
        '合计',
        '苹果(大)×3',
        '梨×5',
      ].join('\n'),
    );
  });
});
