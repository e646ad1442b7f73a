import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChainMissingCard } from '../../../src/features/chain/chain-missing-card';
import { chainReminder } from '../../../src/features/chain/chain-reminder';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));

const NOW = new Date('2026-11-27T08:00:00Z');
// 18:00 in Shanghai on 30 November.
const DEADLINE = '2026-11-30T10:00:00.000Z';
const LINK = 'https://jielong.example.cn/s/q_chain00001';

describe('chainReminder', () => {
  it('mentions everyone missing with the deadline in Shanghai time', () => {
    expect(chainReminder(['张三', '李四'], DEADLINE, NOW)).toBe('@张三 @李四 还没接龙，截止 11月30日 18:00，请尽快接龙～');
  });

  it('leaves out a deadline already past or absent, adds the link on its own line', () => {
    expect(chainReminder(['王五'], '2026-11-20T10:00:00.000Z', NOW)).toBe('@王五 还没接龙，请尽快接龙～');
    expect(chainReminder(['王五'], null, NOW, LINK)).toBe(`@王五 还没接龙，请尽快接龙～\n${LINK}`);
    expect(chainReminder([], DEADLINE, NOW)).toBe('');
  });
});

describe('谁还没接龙', () => {
  let writeText: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    api.current = createFakeApi({
      'activity/question/solitaire/getChainMissing': () => ({ expected: 3, missing: ['李四', '王五'], joined: ['张三'] }),
    });
    writeText = vi.fn(async () => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(document, 'execCommand');
  });

  /** user-event puts its own clipboard on navigator: the page's clipboard goes on after it. */
  const setup = () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    return user;
  };

  it('shows who is missing from the pasted list and copies the reminder with the deadline and the link', async () => {
    const user = setup();
    render(<ChainMissingCard questionId="q_chain00001" deadline={DEADLINE} link={LINK} />);
    await user.type(screen.getByLabelText('应接龙名单'), '张三、李四、王五');
    await user.click(screen.getByRole('button', { name: '查看未接龙' }));
    expect(await screen.findByTestId('chain-missing')).toHaveTextContent('名单 3 人，还有 2 人未接龙：');
    expect(screen.getByText('李四、王五')).toBeInTheDocument();
    expect(api.current!.callsTo('activity/question/solitaire/getChainMissing')[0]).toEqual({ questionId: 'q_chain00001', names: '张三、李四、王五' });
    const text = `@李四 @王五 还没接龙，截止 11月30日 18:00，请尽快接龙～\n${LINK}`;
    expect(screen.getByLabelText('提醒文字')).toHaveValue(text);
    await user.click(screen.getByRole('button', { name: '复制提醒文字' }));
    expect(writeText).toHaveBeenCalledWith(text);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when the browser refuses to copy, says so and leaves the text to copy by hand', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    document.execCommand = vi.fn(() => false);
    const user = setup();
    render(<ChainMissingCard questionId="q_chain00001" deadline={null} link="" />);
    await user.type(screen.getByLabelText('应接龙名单'), '张三 李四 王五');
    await user.click(screen.getByRole('button', { name: '查看未接龙' }));
    await user.click(await screen.findByRole('button', { name: '复制提醒文字' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请长按或选中上面的提醒文字手动复制');
    expect(screen.getByLabelText('提醒文字')).toHaveValue('@李四 @王五 还没接龙，请尽快接龙～');
  });
});
