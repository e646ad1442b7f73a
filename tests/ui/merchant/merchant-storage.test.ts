import { afterEach, describe, expect, it } from 'vitest';
import { SAMPLE_MERCHANT_DRAFT } from '../../../machines/shared/merchant-samples';
import { emptyDraft } from '../../../schemas/merchant/draft';
import { readStoredDraft, writeStoredDraft } from '../../../src/features/merchant/merchant-storage';

afterEach(() => localStorage.clear());

describe('merchant draft in localStorage (spec §3)', () => {
  it("keeps each section under the spec's field name, plus out_request_no and the step", () => {
    writeStoredDraft({ ...SAMPLE_MERCHANT_DRAFT, out_request_no: 'WJ20250101000000000001' }, 4);
    expect(Object.keys(localStorage).sort()).toEqual(
      [
        'account_info',
        'business_license_info',
        'contact_info',
        'finance_institution_info',
        'id_card_info',
        'out_request_no',
        'sales_scene_info',
        'settlement_info',
        'step',
        'ubo_info_list',
      ].sort(),
    );
    expect(localStorage.getItem('out_request_no')).toBe('WJ20250101000000000001');
    expect(JSON.parse(localStorage.getItem('contact_info')!).mobile_phone).toBe('13800138000');
    expect(readStoredDraft()).toEqual({ draft: { ...SAMPLE_MERCHANT_DRAFT, out_request_no: 'WJ20250101000000000001' }, step: 4 });
  });

  it('removes sections that are empty again, so clear leaves only step 1', () => {
    writeStoredDraft(SAMPLE_MERCHANT_DRAFT, 5);
    writeStoredDraft(emptyDraft(), 1);
    expect({ ...localStorage }).toEqual({ step: '1' });
  });

  it('reads broken or foreign values as empty, never throwing', () => {
    localStorage.setItem('contact_info', '{not json');
    localStorage.setItem('account_info', JSON.stringify({ account_name: 7 }));
    localStorage.setItem('out_request_no', '<script>');
    localStorage.setItem('step', '-2');
    expect(readStoredDraft()).toEqual({ draft: emptyDraft(), step: 1 });
  });
});
