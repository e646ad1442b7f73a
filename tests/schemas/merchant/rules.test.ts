import { describe, expect, it } from 'vitest';
import { SAMPLE_MERCHANT_DRAFT, SAMPLE_PICTURE } from '../../../machines/shared/merchant-samples';
import { ZApplyMchRequest } from '../../../schemas/api/wxpay';
import { emptyDraft, restoreSection, type TMerchantDraft } from '../../../schemas/merchant/draft';
import { MERCHANT_MESSAGES } from '../../../schemas/merchant/messages';
import {
  applicableDraft,
  digitsOnly,
  draftProblems,
  isPictureDataUrl,
  periodProblems,
  stepOfPath,
  stepProblems,
  visibleSteps,
} from '../../../schemas/merchant/rules';

const TODAY = new Date(2025, 5, 15);
const draft = (change: (d: TMerchantDraft) => void = () => {}) => {
  const d = structuredClone(SAMPLE_MERCHANT_DRAFT);
  change(d);
  return d;
};
const problems = (d: TMerchantDraft, step: Parameters<typeof stepProblems>[1]) => stepProblems(d, step, { today: TODAY });

describe('spec §5 rules and their messages', () => {
  it('the sample application passes every step', () => {
    expect(draftProblems(SAMPLE_MERCHANT_DRAFT, { today: TODAY })).toEqual([]);
  });

  it('store name: 请输入商户名称', () => {
    expect(
      problems(
        draft((d) => (d.sales_scene_info.store_name = '  ')),
        'scene',
      ),
    ).toEqual({ 'sales_scene_info.store_name': '请输入商户名称' });
  });

  it('short name: 请输入商户简称', () => {
    expect(
      problems(
        draft((d) => (d.sales_scene_info.merchant_shortname = '')),
        'scene',
      ),
    ).toEqual({ 'sales_scene_info.merchant_shortname': '请输入商户简称' });
  });

  it('contact name: 请输入联系人姓名', () => {
    expect(
      problems(
        draft((d) => (d.contact_info.contact_name = '')),
        'contact',
      ),
    ).toEqual({ 'contact_info.contact_name': '请输入联系人姓名' });
  });

  it.each(['12345678901', '1380013800', '16800138000', '19912345678', '138001380001', 'abcdefghijk'])('contact phone %s: 请输入正确的手机号', (phone) => {
    expect(
      problems(
        draft((d) => (d.contact_info.mobile_phone = phone)),
        'contact',
      ),
    ).toEqual({ 'contact_info.mobile_phone': '请输入正确的手机号' });
  });

  it.each(['13800138000', '14700000000', '15900000000', '17700000000', '18800000000', '+86 138 0013 8000'])(
    'contact phone %s passes the mobile rule',
    (phone) => {
      expect(
        problems(
          draft((d) => (d.contact_info.mobile_phone = phone)),
          'contact',
        ),
      ).toEqual({});
    },
  );

  it('an empty contact phone asks for one', () => {
    expect(
      problems(
        draft((d) => (d.contact_info.mobile_phone = '')),
        'contact',
      )['contact_info.mobile_phone'],
    ).toBe(MERCHANT_MESSAGES.mobileEmpty);
  });

  it('ID-card name: 请输入身份证姓名', () => {
    expect(
      problems(
        draft((d) => (d.id_card_info.id_card_name = '')),
        'identity',
      ),
    ).toEqual({ 'id_card_info.id_card_name': '请输入身份证姓名' });
  });

  it.each(['330106199003071237', '110105194902300020', '33010619900307123', 'ABCDEFGHIJKLMNOPQR'])('ID-card number %s: 请输入正确的身份证号码', (number) => {
    expect(
      problems(
        draft((d) => (d.id_card_info.id_card_number = number)),
        'identity',
      ),
    ).toEqual({ 'id_card_info.id_card_number': '请输入正确的身份证号码' });
  });

  it('pictures: 请上传图片, and only that one was uploaded is checked', () => {
    const empty = draft((d) => {
      d.id_card_info.id_card_copy = '';
      d.id_card_info.id_card_national = 'anything the uploader produced';
      d.business_license_info.business_license_copy = '';
    });
    expect(problems(empty, 'identity')).toEqual({ 'id_card_info.id_card_copy': '请上传图片' });
    expect(problems(empty, 'license')).toEqual({ 'business_license_info.business_license_copy': '请上传图片' });
    expect(
      problems(
        draft((d) => (d.finance_institution_info.finance_license_pics = [])),
        'finance',
      ),
    ).toEqual({ 'finance_institution_info.finance_license_pics': '请上传图片' });
  });

  it('ID validity: start and end dates required', () => {
    expect(
      problems(
        draft((d) => {
          d.id_card_info.id_card_valid_time_begin = '';
          d.id_card_info.id_card_valid_time = '';
        }),
        'identity',
      ),
    ).toEqual({ 'id_card_info.id_card_valid_time_begin': '请选择证件有效期开始日期', 'id_card_info.id_card_valid_time': '请选择证件有效期结束日期' });
  });

  it('ID validity: the end is after the start, or 长期; not expired; the start not in the future', () => {
    const paths: [string, string] = ['b', 'e'];
    expect(periodProblems('2016-03-07', '长期', paths, TODAY)).toEqual({});
    expect(periodProblems('2016-03-07', '2036-03-07', paths, TODAY)).toEqual({});
    expect(periodProblems('2016-03-07', '2016-03-07', paths, TODAY)).toEqual({ e: '结束日期须晚于开始日期' });
    expect(periodProblems('2016-03-07', '2015-03-07', paths, TODAY)).toEqual({ e: '结束日期须晚于开始日期' });
    expect(periodProblems('2005-03-07', '2025-03-07', paths, TODAY)).toEqual({ e: MERCHANT_MESSAGES.expired });
    expect(periodProblems('2025-06-16', '长期', paths, TODAY)).toEqual({ b: MERCHANT_MESSAGES.validBeginFuture });
    expect(periodProblems('2016-02-30', '长期', paths, TODAY)).toEqual({ b: MERCHANT_MESSAGES.dateFormat });
  });

  it('numeric inputs keep digits only', () => {
    expect(digitsOnly('6222 0212-0200０1234５6a')).toBe('6222021202000123456');
    expect(digitsOnly('138 0013 8000')).toBe('13800138000');
    expect(digitsOnly('abc')).toBe('');
  });
});

describe('steps by subject type', () => {
  it('shows the licence except for 小微商户, finance only for finance institutions, owners only for enterprises', () => {
    expect(visibleSteps(SAMPLE_MERCHANT_DRAFT)).toEqual([
      'subject',
      'license',
      'finance',
      'identity',
      'account',
      'contact',
      'scene',
      'settlement',
      'ubo',
      'review',
    ]);
    expect(visibleSteps(draft((d) => (d.business_license_info.finance_institution = false)))).not.toContain('finance');
    expect(visibleSteps(draft((d) => (d.business_license_info.organization_type = '4')))).toEqual([
      'subject',
      'license',
      'identity',
      'account',
      'contact',
      'scene',
      'settlement',
      'review',
    ]);
    expect(visibleSteps(draft((d) => (d.business_license_info.organization_type = '2401')))).toEqual([
      'subject',
      'identity',
      'account',
      'contact',
      'scene',
      'settlement',
      'review',
    ]);
  });

  it('asks for a subject type first', () => {
    expect(problems(emptyDraft(), 'subject')).toEqual({ 'business_license_info.organization_type': '请选择主体类型' });
  });

  it("a subject type named like an object's own property is unknown, not a crash (the route fuzz found a 500 with toString)", () => {
    for (const type of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const odd = draft((d) => (d.business_license_info.organization_type = type));
      expect(problems(odd, 'subject')['business_license_info.organization_type'], type).toBe(MERCHANT_MESSAGES.organizationType);
      expect(problems(odd, 'account')['account_info.bank_account_type'], type).toBe(MERCHANT_MESSAGES.accountTypeNotAllowed);
    }
  });

  it("an enterprise needs an owner; a 小微商户 settles to a personal card in the operator's name", () => {
    expect(
      problems(
        draft((d) => (d.ubo_info_list = [])),
        'ubo',
      ),
    ).toEqual({ ubo_info_list: MERCHANT_MESSAGES.uboRequired });
    const micro = draft((d) => (d.business_license_info.organization_type = '2401'));
    expect(problems(micro, 'account')['account_info.bank_account_type']).toBe(MERCHANT_MESSAGES.accountTypeNotAllowed);
    micro.account_info.bank_account_type = 'BANK_ACCOUNT_TYPE_PERSONAL';
    expect(problems(micro, 'account')['account_info.account_name']).toBe(MERCHANT_MESSAGES.accountNamePersonal);
    micro.account_info.account_name = '张三';
    expect(problems(micro, 'account')).toEqual({});
  });

  it('a corporate account carries the licence name; a settlement rule fits the subject type', () => {
    expect(
      problems(
        draft((d) => (d.account_info.account_name = '别的公司')),
        'account',
      ),
    ).toEqual({ 'account_info.account_name': MERCHANT_MESSAGES.accountNameCorporate });
    expect(
      problems(
        draft((d) => (d.settlement_info.settlement_id = '721')),
        'settlement',
      ),
    ).toEqual({ 'settlement_info.settlement_id': MERCHANT_MESSAGES.settlementRule });
    expect(
      problems(
        draft((d) => (d.settlement_info.qualification_type = '游戏')),
        'settlement',
      ),
    ).toEqual({ 'settlement_info.qualification_type': MERCHANT_MESSAGES.industry });
  });

  it('maps draft paths to steps', () => {
    expect(stepOfPath('business_license_info.organization_type')).toBe('subject');
    expect(stepOfPath('business_license_info.business_time.1')).toBe('license');
    expect(stepOfPath('id_doc_info.id_doc_number')).toBe('identity');
    expect(stepOfPath('ubo_info_list.0.ubo_id_doc_name')).toBe('ubo');
    expect(stepOfPath('out_request_no')).toBeNull();
  });

  it('drops what the subject type does not use before submitting', () => {
    const individual = applicableDraft(draft((d) => (d.business_license_info.organization_type = '4')));
    expect(individual.ubo_info_list).toEqual([]);
    expect(individual.finance_institution_info.finance_license_pics).toEqual([]);
    expect(individual.id_doc_info.id_doc_type).toBe('IDENTIFICATION_TYPE_MAINLAND_IDCARD');
    const micro = applicableDraft(draft((d) => (d.business_license_info.organization_type = '2401')));
    expect(micro.business_license_info.business_license_number).toBe('');
  });
});

describe('stored drafts and the applyMch body', () => {
  it('restores what parses and starts the rest empty', () => {
    expect(restoreSection('contact_info', { contact_name: '王五' }).contact_name).toBe('王五');
    expect(restoreSection('contact_info', { contact_name: 42 })).toEqual(emptyDraft().contact_info);
    expect(restoreSection('ubo_info_list', 'garbage')).toEqual([]);
  });

  it('accepts only real JPEG, PNG or WebP data URLs as pictures', () => {
    expect(isPictureDataUrl(SAMPLE_PICTURE)).toBe(true);
    expect(isPictureDataUrl('data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==')).toBe(true);
    expect(isPictureDataUrl('data:image/png;base64,PHN2Zz48L3N2Zz4=')).toBe(false);
    expect(isPictureDataUrl('data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=')).toBe(false);
    expect(isPictureDataUrl('https://example.com/a.png')).toBe(false);
  });

  it("the applyMch schema reports the form's own first problem", () => {
    const parsed = ZApplyMchRequest.safeParse({ ...draft((d) => (d.sales_scene_info.merchant_shortname = '')), out_request_no: 'WJ2025000000000001' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({ path: ['sales_scene_info', 'merchant_shortname'], message: '请输入商户简称' });
  });
});
