import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { devMerchantCalls } from '../../schemas/api/wxpay';
import { wxPayCalls } from '../../schemas/api/wxpay';
import type { TRejectReason } from '../../schemas/api/wxpay';
import type { TApplymentState } from '../../schemas/merchant/constants';
import type { TMerchantDraft } from '../../schemas/merchant/draft';
import { call } from './client';

/** active/wxPay/* (spec §7 "Merchant payment"): one function per call, and the sandbox reviewer's dev/merchant/*. */

export const getOutRequestNo = () => call(wxPayCalls.getOutRequestNo, {});
export const applyMch = (draft: TMerchantDraft) => call(wxPayCalls.applyMch, draft);
export const getApplyDetail = (outRequestNo: string) => call(wxPayCalls.getApplyDetail, { out_request_no: outRequestNo });
/** The caller's application under a number (null when never submitted), or their newest without one. */
export const getProviderStatus = (outRequestNo?: string) => call(wxPayCalls.getProviderStatus, outRequestNo ? { out_request_no: outRequestNo } : {});
export const getProviderDetail = () => call(wxPayCalls.getProviderDetail, {});
export const getProviderCount = () => call(wxPayCalls.getProviderCount, {});
export const getBankPage = (keyword: string, page = 1, pageSize = 50) => call(wxPayCalls.getBankPage, { keyword: keyword || undefined, page, pageSize });
export const getBranches = (bankAliasCode: string, cityCode: string, keyword: string) =>
  call(wxPayCalls.getBranches, { bank_alias_code: bankAliasCode, city_code: cityCode, keyword: keyword || undefined, pageSize: 50 });
export const getProviderCityList = (provinceCode?: string) => call(wxPayCalls.getProviderCityList, provinceCode ? { province_code: provinceCode } : {});

export const wxPayKeys = {
  all: ['wxPay'] as const,
  banks: (keyword: string) => ['wxPay', 'banks', keyword] as const,
  branches: (bank: string, city: string, keyword: string) => ['wxPay', 'branches', bank, city, keyword] as const,
  regions: (provinceCode: string) => ['wxPay', 'regions', provinceCode] as const,
  count: ['wxPay', 'count'] as const,
};

// The catalogue is seeded data: cached for the session.
export const bankPageQuery = (keyword: string) =>
  queryOptions({ queryKey: wxPayKeys.banks(keyword), queryFn: () => getBankPage(keyword), staleTime: Infinity, placeholderData: keepPreviousData });
export const branchesQuery = (bank: string, city: string, keyword: string) =>
  queryOptions({
    queryKey: wxPayKeys.branches(bank, city, keyword),
    queryFn: () => getBranches(bank, city, keyword),
    staleTime: Infinity,
    enabled: Boolean(bank && city),
  });
export const regionsQuery = (provinceCode = '') =>
  queryOptions({ queryKey: wxPayKeys.regions(provinceCode), queryFn: () => getProviderCityList(provinceCode || undefined), staleTime: Infinity });
export const providerCountQuery = () => queryOptions({ queryKey: wxPayKeys.count, queryFn: getProviderCount });

// dev/merchant/*: the sandbox reviewer (development only).
export const devMerchantList = (state?: TApplymentState) => call(devMerchantCalls.list, { state, pageSize: 100 });
export const devMerchantDetail = (outRequestNo: string) => call(devMerchantCalls.detail, { out_request_no: outRequestNo });
export const devMerchantApprove = (outRequestNo: string) => call(devMerchantCalls.approve, { out_request_no: outRequestNo });
export const devMerchantSign = (outRequestNo: string) => call(devMerchantCalls.sign, { out_request_no: outRequestNo });
export const devMerchantReject = (outRequestNo: string, reasons: TRejectReason[]) => call(devMerchantCalls.reject, { out_request_no: outRequestNo, reasons });

export const devMerchantKeys = {
  list: (state: string) => ['devMerchant', 'list', state] as const,
  detail: (no: string) => ['devMerchant', 'detail', no] as const,
};
export const devMerchantListQuery = (state?: TApplymentState) =>
  queryOptions({ queryKey: devMerchantKeys.list(state ?? ''), queryFn: () => devMerchantList(state), refetchInterval: 5000 });
export const devMerchantDetailQuery = (outRequestNo: string) =>
  queryOptions({ queryKey: devMerchantKeys.detail(outRequestNo), queryFn: () => devMerchantDetail(outRequestNo), enabled: Boolean(outRequestNo) });
