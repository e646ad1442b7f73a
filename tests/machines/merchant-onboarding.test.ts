import { describe, expect, it } from 'vitest';
import { selectStepItems, selectStepKey, selectView, storageEntries } from '../../machines/merchant-onboarding/merchant-onboarding.selectors';
import { editRejected, setField } from '../../machines/merchant-onboarding/merchant-onboarding.operations';
import { findMachineEntry } from '../../machines/registry';
import { SAMPLE_APPLY_DETAIL, SAMPLE_MERCHANT_DRAFT, SAMPLE_OUT_REQUEST_NO } from '../../machines/shared/merchant-samples';
import { emptyDraft } from '../../schemas/merchant/draft';
import { startWithStandIns } from '../helpers/machine-model';

const entry = findMachineEntry('merchant-onboarding')!;
const start = (input: object = {}) => startWithStandIns(entry, { input: { pollMs: 1000, ...input } });

describe('merchant onboarding machine', () => {
  it('checks a step before "next" and "back" keeps what was typed', async () => {
    const { actor, settle } = start();
    await settle('loadApplication', 'fresh');
    expect(selectView(actor.getSnapshot())).toBe('editing');
    expect(actor.getSnapshot().context.draft.out_request_no).toBe(SAMPLE_OUT_REQUEST_NO);

    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.step).toBe(1);
    expect(actor.getSnapshot().context.errors).toEqual({ 'business_license_info.organization_type': '请选择主体类型' });

    actor.send({ type: 'field.change', path: 'business_license_info.organization_type', value: '4' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'step.next' });
    expect(selectStepKey(actor.getSnapshot())).toBe('license');
    actor.send({ type: 'field.change', path: 'business_license_info.merchant_name', value: '示例小店' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.errors['business_license_info.business_license_number']).toBe('请输入正确的统一社会信用代码或注册号');
    actor.send({ type: 'step.back' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.draft.business_license_info.merchant_name).toBe('示例小店');
    expect(selectStepItems(actor.getSnapshot()).map((s) => s.title)).toEqual([
      '主体类型',
      '营业执照',
      '经营者证件',
      '结算账户',
      '联系人',
      '经营场景',
      '结算规则',
      '确认提交',
    ]);
  });

  it('reset keeps only out_request_no; clear removes everything and goes to step 1', async () => {
    const { actor, settle } = start({ draft: SAMPLE_MERCHANT_DRAFT, step: 5 });
    await settle('loadApplication', 'fresh');
    expect(actor.getSnapshot().context.step).toBe(5);
    actor.send({ type: 'application.reset' });
    expect(actor.getSnapshot().context.draft).toEqual({ ...emptyDraft(), out_request_no: SAMPLE_OUT_REQUEST_NO });
    expect(actor.getSnapshot().context.step).toBe(1);
    expect(storageEntries(actor.getSnapshot().context.draft, 1)).toMatchObject({
      out_request_no: SAMPLE_OUT_REQUEST_NO,
      step: '1',
      business_license_info: null,
    });

    actor.send({ type: 'field.change', path: 'contact_info.contact_name', value: '王五' });
    actor.send({ type: 'application.clear' });
    expect(actor.getSnapshot().context.draft).toEqual(emptyDraft());
    const stored = storageEntries(actor.getSnapshot().context.draft, actor.getSnapshot().context.step);
    expect(Object.entries(stored).filter(([, value]) => value !== null)).toEqual([['step', '1']]);
  });

  it('submit → submitted → auditing → rejected → 去修改 opens the failing step with the reason on its field', async () => {
    const { actor, settle } = start({ draft: SAMPLE_MERCHANT_DRAFT, step: 10 });
    await settle('loadApplication', 'fresh');
    actor.send({ type: 'application.submit' });
    expect(selectView(actor.getSnapshot())).toBe('submitting');
    await settle('submitApplication', 'success');
    expect(selectView(actor.getSnapshot())).toBe('submitted');
    await settle('checkStatus', 'auditing');
    expect(selectView(actor.getSnapshot())).toBe('auditing');
    actor.send({ type: 'status.refresh' });
    await settle('checkStatus', 'rejected');
    expect(selectView(actor.getSnapshot())).toBe('rejected');
    actor.send({ type: 'application.edit' });
    expect(selectView(actor.getSnapshot())).toBe('editing');
    expect(selectStepKey(actor.getSnapshot())).toBe('account');
    expect(actor.getSnapshot().context.errors).toEqual({ 'account_info.account_number': '银行账号与开户名称不一致，请核对' });
  });

  it('an invalid draft is not submitted: the first failing step opens with its messages', async () => {
    const draft = structuredClone(SAMPLE_MERCHANT_DRAFT);
    draft.contact_info.mobile_phone = '123';
    const { actor, settle } = start({ draft, step: 10 });
    await settle('loadApplication', 'fresh');
    actor.send({ type: 'application.submit' });
    expect(selectView(actor.getSnapshot())).toBe('editing');
    expect(selectStepKey(actor.getSnapshot())).toBe('contact');
    expect(actor.getSnapshot().context.errors).toEqual({ 'contact_info.mobile_phone': '请输入正确的手机号' });
  });

  it('a "400" from applyMch sends the user to the named field', async () => {
    const { actor, settle } = start({ draft: SAMPLE_MERCHANT_DRAFT, step: 10 });
    await settle('loadApplication', 'fresh');
    actor.send({ type: 'application.submit' });
    await settle('submitApplication', 'badField');
    expect(selectStepKey(actor.getSnapshot())).toBe('account');
    expect(actor.getSnapshot().context.errors).toEqual({ 'account_info.account_number': '请输入正确的银行账号' });
    actor.send({ type: 'application.submit' });
    await settle('submitApplication', 'conflict');
    expect(actor.getSnapshot().context.error).toBe('申请单审核中，暂不能修改');
  });

  it('a stored number under review opens the status; polling moves it on', async () => {
    const { actor, settle } = start({ draft: { ...SAMPLE_MERCHANT_DRAFT, out_request_no: SAMPLE_OUT_REQUEST_NO } });
    await settle('loadApplication', 'toBeSigned');
    expect(selectView(actor.getSnapshot())).toBe('toBeSigned');
    actor.send({ type: 'status.refresh' });
    await settle('checkStatus', 'finished');
    expect(selectView(actor.getSnapshot())).toBe('finished');
    actor.send({ type: 'application.clear' });
    expect(selectView(actor.getSnapshot())).toBe('editing');
    expect(actor.getSnapshot().context.application).toBeNull();
  });
});

describe('merchant draft operations', () => {
  it("sets fields by path, never adds keys or changes a field's kind", () => {
    const draft = emptyDraft();
    expect(setField(draft, 'contact_info.contact_name', '王五').contact_info.contact_name).toBe('王五');
    expect(setField(draft, 'contact_info.unknown', 'x')).toEqual(draft);
    expect(setField(draft, '__proto__.polluted', 'x')).toEqual(draft);
    expect(setField(draft, 'business_license_info.finance_institution', 'yes')).toEqual(draft);
    expect(setField(draft, 'business_license_info.business_time.1', '长期').business_license_info.business_time).toEqual(['', '长期']);
  });

  it('a new bank or city clears the chosen branch', () => {
    const changed = setField(SAMPLE_MERCHANT_DRAFT, 'account_info.bank_address_code', '330200');
    expect(changed.account_info).toMatchObject({ bank_address_code: '330200', bank_branch_id: '', bank_name: '' });
    expect(setField(SAMPLE_MERCHANT_DRAFT, 'account_info.bank_alias_code', 'ICBC').account_info.bank_branch_id).toBe(
      SAMPLE_MERCHANT_DRAFT.account_info.bank_branch_id,
    );
  });

  it('去修改 on a browser with no draft left takes the submitted application', () => {
    const opened = editRejected(emptyDraft(), SAMPLE_APPLY_DETAIL.rejected);
    expect(opened.draft.sales_scene_info.store_name).toBe(SAMPLE_MERCHANT_DRAFT.sales_scene_info.store_name);
    expect(opened.draft.out_request_no).toBe(SAMPLE_OUT_REQUEST_NO);
    expect(opened.step).toBe(5);
  });
});
