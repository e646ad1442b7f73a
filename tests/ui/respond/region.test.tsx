import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TArea } from '../../../schemas/api/region';
import { formatAnswer, validateAnswer, type TSubject } from '../../../schemas/subjects/registry';
import { forgetAreas } from '../../../src/respond/areas';
import { WIDGETS } from '../../../src/respond/widgets';
import { make } from './fixtures';

// The region subject (type 4) picks province → city → district from question/region/getAreaList.
const AREAS: Record<string, TArea[]> = {
  root: [
    { code: '110000', name: '北京市' },
    { code: '330000', name: '浙江省' },
    { code: '440000', name: '广东省' },
    { code: '710000', name: '台湾省' },
  ],
  '330000': [
    { code: '330100', name: '杭州市' },
    { code: '330200', name: '宁波市' },
  ],
  '330100': [
    { code: '330106', name: '西湖区' },
    { code: '330108', name: '滨江区' },
  ],
  '330200': [{ code: '330203', name: '海曙区' }],
  '440000': [{ code: '441900', name: '东莞市' }],
  '441900': [],
  '710000': [],
};

let asked: string[] = [];
let failing = false;
beforeEach(() => {
  forgetAreas();
  asked = [];
  failing = false;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    expect(url).toBe('/api/question/region/getAreaList');
    const { parentCode } = JSON.parse(String(init.body)) as { parentCode?: string };
    asked.push(parentCode ?? 'root');
    if (failing) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ resultCode: '200', resultMsg: '成功', data: AREAS[parentCode ?? 'root'] ?? [] }));
  });
});
afterEach(() => vi.unstubAllGlobals());

function Harness({ subject, initial, onValue }: { subject: TSubject; initial?: unknown; onValue: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>(initial);
  const Widget = WIDGETS[4]!;
  return (
    <Widget
      subject={subject}
      value={value}
      onChange={(v: unknown) => {
        setValue(v);
        onValue(v);
      }}
      hidden={new Set()}
      base="s0"
      labelledBy="t"
      describedBy={undefined}
      invalid={false}
      errorRefs={new Set()}
    />
  );
}

const region = (level: 'province' | 'city' | 'district' = 'district', detail: 'none' | 'optional' | 'required' = 'optional') =>
  make(4, { title: '所在地区', level, detail });
const select = (name: string) => screen.getByRole('combobox', { name });
const ready = (name: string) => waitFor(() => expect(select(name)).toBeEnabled());

describe('region subject', () => {
  it('picks province, city and district from the lists and gives an answer that validates and formats', async () => {
    const user = userEvent.setup();
    const subject = region();
    let last: unknown;
    render(<Harness subject={subject} onValue={(v) => (last = v)} />);
    expect(select('城市')).toBeDisabled();
    await ready('省份');
    await user.selectOptions(select('省份'), '浙江省');
    await ready('城市');
    expect([...select('城市').querySelectorAll('option')].map((o) => o.textContent)).toEqual(['请选择城市', '杭州市', '宁波市']);
    await user.selectOptions(select('城市'), '杭州市');
    await ready('区县');
    await user.selectOptions(select('区县'), '西湖区');
    await user.type(screen.getByLabelText('详细地址（选填）'), '文三路 1 号');
    expect(last).toEqual({ province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 1 号' });
    expect(validateAnswer(subject, last)).toEqual([]);
    expect(formatAnswer(subject, last)).toBe('浙江省  杭州市  西湖区  文三路 1 号');
    expect(asked).toEqual(['root', '330000', '330100']);
  });

  it('a new province clears the city and district chosen under the old one', async () => {
    const user = userEvent.setup();
    let last: unknown;
    render(<Harness subject={region()} initial={{ province: '浙江省', city: '杭州市', district: '西湖区' }} onValue={(v) => (last = v)} />);
    await ready('区县');
    expect(select('区县')).toHaveValue('西湖区');
    await user.selectOptions(select('城市'), '宁波市');
    expect(last).toEqual({ province: '浙江省', city: '宁波市' });
    await ready('区县');
    expect(select('区县')).toHaveValue('');
    await user.selectOptions(select('省份'), '北京市');
    expect(last).toEqual({ province: '北京市' });
  });

  it('shows only the levels the subject asks for', async () => {
    render(<Harness subject={region('city', 'none')} onValue={() => {}} />);
    await ready('省份');
    expect(screen.getByRole('combobox', { name: '城市' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: '区县' })).toBeNull();
    expect(screen.queryByLabelText(/详细地址/)).toBeNull();
  });

  it('asks each list once per session, however many region subjects show it', async () => {
    const user = userEvent.setup();
    const first = render(<Harness subject={region()} onValue={() => {}} />);
    await ready('省份');
    await user.selectOptions(select('省份'), '浙江省');
    await ready('城市');
    first.unmount();
    render(<Harness subject={region()} initial={{ province: '浙江省' }} onValue={() => {}} />);
    // Shown again (another page, another subject): no request, no loading state.
    expect(select('省份')).toBeEnabled();
    expect(select('城市')).toBeEnabled();
    expect(asked).toEqual(['root', '330000']);
    expect(JSON.parse(sessionStorage.getItem('wj.respond.areas.330000')!)).toEqual(AREAS['330000']);
  });

  it('a place without divisions below it is typed (台湾省, 东莞市)', async () => {
    const user = userEvent.setup();
    let last: unknown;
    render(<Harness subject={region()} onValue={(v) => (last = v)} />);
    await ready('省份');
    await user.selectOptions(select('省份'), '广东省');
    await ready('城市');
    await user.selectOptions(select('城市'), '东莞市');
    const district = await screen.findByRole('textbox', { name: '区县' });
    await user.type(district, '松山湖');
    expect(last).toEqual({ province: '广东省', city: '东莞市', district: '松山湖' });
    await user.selectOptions(select('省份'), '台湾省');
    expect(await screen.findByRole('textbox', { name: '城市' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '区县' })).toHaveValue('');
  });

  it('falls back to typing every level when the lists cannot be loaded', async () => {
    failing = true;
    const user = userEvent.setup();
    const subject = region('district', 'none');
    let last: unknown;
    render(<Harness subject={subject} onValue={(v) => (last = v)} />);
    const province = await screen.findByRole('textbox', { name: '省份' });
    await user.type(province, '浙江省');
    await user.type(screen.getByRole('textbox', { name: '城市' }), '杭州市');
    await user.type(screen.getByRole('textbox', { name: '区县' }), '西湖区');
    expect(last).toEqual({ province: '浙江省', city: '杭州市', district: '西湖区' });
    expect(validateAnswer(subject, last)).toEqual([]);
  });
});
