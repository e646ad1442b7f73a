import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

/** A 320×200 PNG that looks like a document photo (a light card with a blue band), made here. */
function documentPhoto(): Buffer {
  const [width, height] = [320, 200];
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const band = y < 36;
      const line = !band && y % 24 === 0 && x > 24 && x < 220;
      const [r, g, b] = band ? [31, 111, 235] : line ? [180, 190, 205] : [244, 247, 252];
      rows.set([r, g, b], y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = documentPhoto();
/** Set MERCHANT_SHOTS=<dir> to save desktop (1440×900) and phone (390×844) screenshots along the way. */
const SHOTS = process.env.MERCHANT_SHOTS;
test.use({ viewport: { width: 1440, height: 900 } });

async function loginAsDemo(page: Page) {
  await page.goto('/login');
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByLabel('账号').fill('13800138000');
  await page.getByLabel('密码', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Page model of /merchant.html. */
const M = (page: Page) => ({
  async open() {
    await page.goto('/merchant.html');
    await expect(page.getByRole('heading', { name: '商户进件', level: 1 })).toBeVisible();
    await expect(page.getByText('正在读取申请信息…')).toHaveCount(0);
  },
  fill: (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value),
  upload: (label: string) => page.getByLabel(label, { exact: true }).setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG }),
  async longTerm(group: string) {
    await page.getByRole('group', { name: group }).getByLabel('长期').check();
  },
  choose: (name: string | RegExp) => page.getByRole('radio', { name }).click(),
  next: () => page.getByRole('button', { name: '下一步' }).click(),
  async seeStep(title: string) {
    await expect(page.locator('#merchant-step-title')).toContainText(title);
  },
  async pick(label: string, option: string | RegExp, search?: string) {
    await page.getByLabel(label, { exact: true }).click();
    if (search) await page.getByRole('textbox', { name: '搜索' }).fill(search);
    await page.getByRole('option', { name: option }).first().click();
  },
  storage: () => page.evaluate(() => Object.fromEntries(Object.entries(localStorage))),
  async seeStatus(title: string) {
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible({ timeout: 15_000 });
  },
  async shot(name: string) {
    if (!SHOTS) return;
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  },
});

/** Page model of the sandbox reviewer at /dev/merchant-review. */
const Reviewer = (page: Page) => ({
  async open(outRequestNo: string) {
    await page.goto('/dev/merchant-review');
    await page.getByRole('row', { name: new RegExp(outRequestNo) }).click();
    await expect(page.getByRole('article', { name: '申请详情' })).toContainText(outRequestNo);
  },
  async reject(step: string, reason: string) {
    await page.getByLabel('驳回步骤', { exact: true }).selectOption({ label: step });
    await page.getByLabel('驳回原因', { exact: true }).fill(reason);
    await page.getByRole('button', { name: '确认驳回' }).click();
    await expect(page.getByRole('article', { name: '申请详情' }).getByText('已驳回').first()).toBeVisible();
  },
  async approve() {
    await page.getByRole('button', { name: '通过审核' }).click();
    await expect(page.getByRole('button', { name: '完成签约' })).toBeVisible();
  },
  async sign() {
    await page.getByRole('button', { name: '完成签约' }).click();
    await expect(page.getByRole('article', { name: '申请详情' }).getByText('已完成').first()).toBeVisible();
  },
});

test('fill, reload and resume on step 3; submit; rejected at review, fixed on the failing step, approved and signed', async ({ page, context }) => {
  test.setTimeout(120_000);
  const me = M(page);
  await loginAsDemo(page);
  await me.open();
  await me.shot('desktop-1-subject');

  // Step 1 checks before "next".
  await me.next();
  await expect(page.getByText('请选择主体类型')).toBeVisible();
  await me.choose(/个体工商户/);
  await me.next();

  // Step 2: the business licence.
  await me.seeStep('营业执照');
  await me.upload('营业执照照片');
  await me.fill('统一社会信用代码', '92330106ma2h3k8l5a');
  await me.fill('营业执照名称', '杭州西湖示例餐饮店');
  await me.fill('法定代表人', '王小明');
  await me.fill('注册地址', '浙江省杭州市西湖区文三路100号');
  await me.fill('营业期限开始日期', '2018-05-01');
  await me.longTerm('营业期限');
  await me.next();

  // Step 3: inline messages, then part of it filled.
  await me.seeStep('经营者证件');
  await me.next();
  await expect(page.getByText('请上传图片')).toBeVisible();
  await expect(page.getByText('请输入身份证姓名')).toBeVisible();
  await expect(page.getByText('请选择证件有效期开始日期')).toBeVisible();
  await me.shot('desktop-2-identity-errors');
  await me.upload('身份证人像面照片');
  await me.upload('身份证国徽面照片');
  await me.fill('身份证姓名', '王小明');
  await me.fill('身份证号码', '330106199003071237');
  await me.next();
  await expect(page.getByText('请输入正确的身份证号码')).toBeVisible();
  await me.fill('身份证号码', '330106199003071236');

  // Reload: back on step 3 with everything typed so far.
  await page.reload();
  await me.seeStep('经营者证件');
  await expect(page.getByLabel('身份证姓名', { exact: true })).toHaveValue('王小明');
  await expect(page.getByLabel('身份证号码', { exact: true })).toHaveValue('330106199003071236');
  await expect(page.getByRole('img', { name: '身份证人像面照片' })).toBeVisible();
  const stored = await me.storage();
  expect(stored.step).toBe('3');
  expect(JSON.parse(stored.business_license_info!)).toMatchObject({
    organization_type: '4',
    merchant_name: '杭州西湖示例餐饮店',
    business_time: ['2018-05-01', '长期'],
  });
  const outRequestNo = stored.out_request_no!;
  expect(outRequestNo).toMatch(/^WJ\d+/);
  await page.getByRole('button', { name: /营业执照/ }).click();
  await me.seeStep('营业执照');
  await expect(page.getByLabel('营业执照名称', { exact: true })).toHaveValue('杭州西湖示例餐饮店');
  await me.next();
  await me.fill('证件有效期开始日期', '2016-03-07');
  await me.longTerm('证件有效期');
  await me.next();

  // Step 4: settlement account with the server's pickers; digits only in the account number.
  await me.seeStep('结算账户');
  await me.choose(/经营者个人银行卡/);
  await me.fill('开户名称', '王小明');
  await me.pick('开户银行', /招商银行/, '招商');
  await page.getByLabel('开户省份').selectOption({ label: '浙江省' });
  await page.getByLabel('开户城市').selectOption({ label: '杭州市' });
  await me.pick('开户支行', /杭州分行营业部/);
  await me.fill('银行账号', '6214 8301-2345 678x9');
  await expect(page.getByLabel('银行账号', { exact: true })).toHaveValue('6214830123456789');
  await me.shot('desktop-3-account');
  await me.next();

  // Step 5: contact, with the mobile rule.
  await me.seeStep('联系人');
  await me.choose(/经营者\/法定代表人/);
  await me.fill('联系人姓名', '王小明');
  await me.fill('联系人手机号', '12345678901');
  await me.next();
  await expect(page.getByText('请输入正确的手机号')).toBeVisible();
  await me.fill('联系人手机号', '138-0013-8000');
  await expect(page.getByLabel('联系人手机号', { exact: true })).toHaveValue('13800138000');
  await me.next();

  await me.seeStep('经营场景');
  await me.next();
  await expect(page.getByText('请输入商户名称')).toBeVisible();
  await expect(page.getByText('请输入商户简称')).toBeVisible();
  await me.fill('商户名称', '西湖小馆');
  await me.fill('商户简称', '西湖小馆');
  await me.next();

  await me.seeStep('结算规则');
  await me.choose(/实物商品/);
  await page.getByLabel('所属行业', { exact: true }).selectOption('餐饮');
  await me.next();

  await me.seeStep('确认提交');
  await expect(page.getByRole('region', { name: '结算账户' })).toContainText('招商银行股份有限公司杭州分行营业部');
  await me.shot('desktop-4-review');
  await page.getByRole('button', { name: '提交审核' }).click();
  await me.seeStatus('审核中');
  await me.shot('desktop-5-auditing');

  // The reviewer rejects it, naming the account step.
  const review = await context.newPage();
  const reviewer = Reviewer(review);
  await reviewer.open(outRequestNo);
  if (SHOTS) await review.screenshot({ path: `${SHOTS}/desktop-6-dev-review.png`, fullPage: true });
  await reviewer.reject('结算账户', '银行卡号与开户名称不一致，请核对');

  await page.getByRole('button', { name: '刷新状态' }).click();
  await me.seeStatus('已驳回');
  await expect(page.getByRole('list', { name: '驳回原因' })).toContainText('银行卡号与开户名称不一致，请核对');
  await me.shot('desktop-7-rejected');
  await page.getByRole('button', { name: '去修改' }).click();
  await me.seeStep('结算账户');
  await expect(page.getByLabel('开户名称', { exact: true })).toHaveValue('王小明');
  await me.fill('银行账号', '6214830123456780');
  for (const title of ['联系人', '经营场景', '结算规则', '确认提交']) {
    await me.next();
    await me.seeStep(title);
  }
  await page.getByRole('button', { name: '提交审核' }).click();
  await me.seeStatus('审核中');
  expect((await me.storage()).out_request_no).toBe(outRequestNo);

  // Approved → to be signed → finished; the user's page follows by itself (polling).
  await reviewer.open(outRequestNo);
  await expect(review.getByText('第 2 次提交')).toBeVisible();
  await reviewer.approve();
  await me.seeStatus('待签约');
  await expect(page.getByLabel('签约二维码')).toBeVisible();
  await me.shot('desktop-8-to-be-signed');
  await reviewer.sign();
  await me.seeStatus('已完成');
  await expect(page.getByText(/商户号/)).toBeVisible();
  await expect(page.getByRole('list', { name: '处理记录' })).toContainText('修改后重新提交');
  await me.shot('desktop-9-finished');
});

test('reset keeps only out_request_no; clear goes back to step 1 with nothing kept', async ({ page }) => {
  const me = M(page);
  await loginAsDemo(page);
  await me.open();
  const number = (await me.storage()).out_request_no;
  expect(number).toMatch(/^WJ\d+/);
  await me.choose(/企业/);
  await me.next();
  await me.fill('营业执照名称', '示例科技有限公司');
  await page.getByRole('button', { name: '重置' }).click();
  await page.getByRole('button', { name: '确定重置' }).click();
  await me.seeStep('主体类型');
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  let stored = await me.storage();
  expect(stored.out_request_no).toBe(number);
  expect(stored.step).toBe('1');
  expect(Object.keys(stored).filter((key) => key.endsWith('_info') || key === 'ubo_info_list')).toEqual([]);

  await me.choose(/小微商户/);
  await me.next();
  await me.seeStep('经营者证件');
  await me.fill('身份证姓名', '李四');
  await page.getByRole('button', { name: '清空' }).click();
  await page.getByRole('button', { name: '确定清空' }).click();
  await me.seeStep('主体类型');
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  stored = await me.storage();
  expect(stored.out_request_no).toBeUndefined();
  expect(stored.step).toBe('1');
  expect(Object.keys(stored).filter((key) => key.endsWith('_info') || key === 'ubo_info_list')).toEqual([]);
});

test('phone layout: a stored draft resumes on its step; review and status fit a 390-pixel screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const me = M(page);
  await loginAsDemo(page);
  await me.open();
  await me.shot('phone-1-subject');
  const picture = `data:image/png;base64,${PNG.toString('base64')}`;
  const draft = {
    business_license_info: { organization_type: '2401' },
    id_card_info: {
      id_card_copy: picture,
      id_card_national: picture,
      id_card_name: '赵六',
      id_card_number: '11010519491231002X',
      id_card_valid_time_begin: '2015-01-01',
      id_card_valid_time: '长期',
    },
    account_info: {
      bank_account_type: 'BANK_ACCOUNT_TYPE_PERSONAL',
      account_bank: '工商银行',
      bank_alias_code: 'ICBC',
      account_name: '赵六',
      bank_address_code: '110100',
      bank_branch_id: '102110100001',
      bank_name: '中国工商银行股份有限公司北京分行营业部',
      account_number: '6222020200112233445',
    },
    contact_info: { contact_type: '65', contact_name: '赵六', mobile_phone: '13912345678' },
    sales_scene_info: { store_name: '赵六烧饼铺', merchant_shortname: '赵六烧饼' },
    settlement_info: { settlement_id: '721', qualification_type: '餐饮' },
  };
  await page.evaluate((sections) => {
    for (const [key, value] of Object.entries(sections)) localStorage.setItem(key, JSON.stringify(value));
    localStorage.setItem('step', '3');
  }, draft);
  await page.reload();
  await me.seeStep('结算账户');
  await expect(page.getByLabel('开户支行', { exact: true })).toContainText('中国工商银行股份有限公司北京分行营业部');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= 390 || document.querySelector('main')!.scrollWidth <= 390)).toBe(true);
  await me.shot('phone-2-account');
  await me.next();
  await me.next();
  await me.next();
  await me.next();
  await me.seeStep('确认提交');
  await me.shot('phone-3-review');
  await page.getByRole('button', { name: '提交审核' }).click();
  await me.seeStatus('审核中');
  await me.shot('phone-4-auditing');
  await page.getByRole('button', { name: '刷新状态' }).click();
  await me.seeStatus('审核中');
});
