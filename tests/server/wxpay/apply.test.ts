import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_MERCHANT_DRAFT } from '../../../machines/shared/merchant-samples';
import type { TApplyDetail, TApplySummary } from '../../../schemas/api/wxpay';
import type { TMerchantDraft } from '../../../schemas/merchant/draft';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let alice: { token: string };
let bob: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  alice = await loginNewUser(t);
  bob = await loginNewUser(t);
});
afterAll(() => t.close());

const as = (user: { token: string }) => ({ token: user.token });
const newNumber = async (user = alice) => (await t.call<{ out_request_no: string }>('active/wxPay/getOutRequestNo', {}, as(user))).data.out_request_no;
const application = (no: string, change: (draft: TMerchantDraft) => void = () => {}): TMerchantDraft => {
  const draft = structuredClone({ ...SAMPLE_MERCHANT_DRAFT, out_request_no: no });
  change(draft);
  return draft;
};
const apply = (body: unknown, user = alice) => t.call<TApplySummary>('active/wxPay/applyMch', body, as(user));
const detail = (no: string, user = alice) => t.call<TApplyDetail>('active/wxPay/getApplyDetail', { out_request_no: no }, as(user));

describe('active/wxPay/applyMch', () => {
  it('issues distinct numbers and needs a login', async () => {
    const [a, b] = [await newNumber(), await newNumber()];
    expect(a).toMatch(/^WJ\d{24}$/);
    expect(a).not.toBe(b);
    expect((await t.call('active/wxPay/getOutRequestNo', {})).resultCode).toBe('401');
    expect((await apply(application(a), { token: 'nope' })).resultCode).toBe('401');
  });

  it('stores an application, hands it to review and records its history', async () => {
    const no = await newNumber();
    const answer = await apply(application(no));
    expect(answer.resultCode).toBe('200');
    expect(answer.data).toMatchObject({
      out_request_no: no,
      applyment_state: 'AUDITING',
      applyment_state_desc: '审核中',
      merchant_name: '示例科技旗舰店',
      submit_count: 1,
    });
    const read = await detail(no);
    expect(read.resultCode).toBe('200');
    expect(read.data.history.map((e) => e.kind)).toEqual(['submitted', 'auditing']);
    expect(read.data.application.sales_scene_info.merchant_shortname).toBe('示例科技');
  });

  it('is idempotent by out_request_no: the same body twice is one application, a changed body while auditing is "409"', async () => {
    const no = await newNumber();
    const first = await apply(application(no));
    const again = await apply(application(no));
    expect(again.resultCode).toBe('200');
    expect(again.data.applyment_id).toBe(first.data.applyment_id);
    expect(again.data.submit_count).toBe(1);
    const rows = await t.database.query<{ n: string | number }>('SELECT count(*) AS n FROM merchant_applications WHERE out_request_no = $1', [no]);
    expect(Number(rows[0]!.n)).toBe(1);
    expect((await detail(no)).data.history).toHaveLength(2);

    const changed = await apply(application(no, (d) => (d.sales_scene_info.store_name = '改过的店名')));
    expect(changed.resultCode).toBe('409');
    expect(changed.resultMsg).toBe('申请单审核中，暂不能修改');
  });

  it('resubmission after a rejection updates the same application and appends history', async () => {
    const no = await newNumber();
    await apply(application(no));
    const rejected = await t.call('dev/merchant/reject', {
      out_request_no: no,
      reasons: [{ step: 'account', field: 'account_info.account_number', reason: '账号有误' }],
    });
    expect(rejected.resultCode).toBe('200');
    const seen = await detail(no);
    expect(seen.data.applyment_state).toBe('REJECTED');
    expect(seen.data.reject_reasons).toEqual([{ step: 'account', field: 'account_info.account_number', reason: '账号有误' }]);

    const fixed = await apply(application(no, (d) => (d.account_info.account_number = '6222021202000999999')));
    expect(fixed.data).toMatchObject({ applyment_state: 'AUDITING', submit_count: 2, reject_reasons: [] });
    const after = await detail(no);
    expect(after.data.history.map((e) => e.kind)).toEqual(['submitted', 'auditing', 'rejected', 'resubmitted', 'auditing']);
    expect(after.data.history[2]!.reasons[0]!.reason).toBe('账号有误');
    expect(after.data.application.account_info.account_number).toBe('6222021202000999999');
  });

  it('belongs to its user: another user gets "404" for reading or submitting under the number', async () => {
    const no = await newNumber();
    await apply(application(no));
    const read = await detail(no, bob);
    expect(read.resultCode).toBe('404');
    expect(read.resultMsg).toBe((await detail('WJ00000000000000000000000000', alice)).resultMsg);
    expect((await apply(application(no), bob)).resultCode).toBe('404');
    expect((await t.call('active/wxPay/getProviderStatus', { out_request_no: no }, as(bob))).data).toBeNull();
  });

  it.each([
    ['a missing body', {}, 'out_request_no'],
    ['a bad number', (no: string) => application(no.replace(/\d/g, '#')), 'out_request_no: 申请单号格式不正确'],
    ['no store name', (no: string) => application(no, (d) => (d.sales_scene_info.store_name = '')), 'sales_scene_info.store_name: 请输入商户名称'],
    ['a wrong mobile', (no: string) => application(no, (d) => (d.contact_info.mobile_phone = '12345678901')), 'contact_info.mobile_phone: 请输入正确的手机号'],
    [
      'a bad ID number',
      (no: string) => application(no, (d) => (d.id_card_info.id_card_number = '330106199002301234')),
      'id_card_info.id_card_number: 请输入正确的身份证号码',
    ],
    ['no picture', (no: string) => application(no, (d) => (d.id_card_info.id_card_copy = '')), 'id_card_info.id_card_copy: 请上传图片'],
    [
      'a picture that is not an image',
      (no: string) => application(no, (d) => (d.id_card_info.id_card_copy = 'data:image/png;base64,PHN2Zz48L3N2Zz4=')),
      'id_card_info.id_card_copy: 图片格式不支持',
    ],
    [
      'a number where text belongs',
      (no: string) => application(no, (d) => ((d.sales_scene_info as unknown as Record<string, unknown>).store_name = 42)),
      'sales_scene_info.store_name',
    ],
  ])('answers "400" naming the field for %s', async (_name, body, message) => {
    const no = await newNumber();
    const answer = await apply(typeof body === 'function' ? body(no) : body);
    expect(answer.resultCode).toBe('400');
    expect(answer.resultMsg).toContain(message);
    expect((await detail(no)).resultCode).toBe('404');
  });

  it('drops sections the subject type does not use', async () => {
    const no = await newNumber();
    const answer = await apply(
      application(no, (d) => {
        d.business_license_info.organization_type = '4';
        d.account_info.bank_account_type = 'BANK_ACCOUNT_TYPE_CORPORATE';
      }),
    );
    expect(answer.resultCode).toBe('200');
    const stored = (await detail(no)).data.application;
    expect(stored.ubo_info_list).toEqual([]);
    expect(stored.finance_institution_info.finance_license_pics).toEqual([]);
    expect(stored.business_license_info.finance_institution).toBe(false);
  });
});

describe('provider status, detail and count', () => {
  it('follows the review: status, the finished merchant and counts by state', async () => {
    const carol = await loginNewUser(t);
    expect((await t.call('active/wxPay/getProviderStatus', {}, as(carol))).data).toBeNull();
    expect((await t.call('active/wxPay/getProviderDetail', {}, as(carol))).data).toBeNull();
    const no = await newNumber(carol);
    await apply(application(no), carol);
    expect((await t.call<TApplySummary>('active/wxPay/getProviderStatus', {}, as(carol))).data.applyment_state).toBe('AUDITING');
    expect((await t.call('dev/merchant/sign', { out_request_no: no })).resultCode).toBe('409');
    expect((await t.call('dev/merchant/approve', { out_request_no: no })).resultCode).toBe('200');
    const toSign = await t.call<TApplySummary>('active/wxPay/getProviderStatus', { out_request_no: no }, as(carol));
    expect(toSign.data).toMatchObject({ applyment_state: 'TO_BE_SIGNED', applyment_state_desc: '待签约' });
    expect(toSign.data.sign_url).toContain('/merchant.html?sign=');
    expect((await t.call('dev/merchant/approve', { out_request_no: no })).resultCode).toBe('409');
    expect((await t.call('dev/merchant/sign', { out_request_no: no })).resultCode).toBe('200');
    const merchant = await t.call<{ sub_mchid: string; merchant_shortname: string }>('active/wxPay/getProviderDetail', {}, as(carol));
    expect(merchant.data.sub_mchid).toMatch(/^19\d{8}$/);
    expect(merchant.data.merchant_shortname).toBe('示例科技');
    expect((await t.call('active/wxPay/getProviderCount', {}, as(carol))).data).toEqual({ total: 1, auditing: 0, rejected: 0, to_be_signed: 0, finished: 1 });
    expect(
      (
        await apply(
          application(no, (d) => (d.sales_scene_info.store_name = '新店')),
          carol,
        )
      ).resultMsg,
    ).toBe('申请单已完成，如需修改请新建申请');
  });
});
