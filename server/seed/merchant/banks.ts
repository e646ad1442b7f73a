/**
 * Banks an account may be opened with: the state-owned and joint-stock commercial banks (every province)
 * and large city banks (their home province). `cnaps` is the bank category code that starts its branch
 * codes (313 for city commercial banks, 314 for rural commercial banks).
 */
export interface TBankSeed {
  code: string;
  name: string;
  fullName: string;
  kind: 'national' | 'joint' | 'city';
  cnaps: string;
  provinceCode: string | null;
}

const national = (code: string, name: string, fullName: string, cnaps: string): TBankSeed => ({
  code,
  name,
  fullName,
  kind: 'national',
  cnaps,
  provinceCode: null,
});
const joint = (code: string, name: string, fullName: string, cnaps: string): TBankSeed => ({ code, name, fullName, kind: 'joint', cnaps, provinceCode: null });
const city = (code: string, name: string, fullName: string, provinceCode: string, cnaps = '313'): TBankSeed => ({
  code,
  name,
  fullName,
  kind: 'city',
  cnaps,
  provinceCode,
});

export const BANKS: TBankSeed[] = [
  national('ICBC', '工商银行', '中国工商银行股份有限公司', '102'),
  national('ABC', '农业银行', '中国农业银行股份有限公司', '103'),
  national('BOC', '中国银行', '中国银行股份有限公司', '104'),
  national('CCB', '建设银行', '中国建设银行股份有限公司', '105'),
  national('BOCOM', '交通银行', '交通银行股份有限公司', '301'),
  national('PSBC', '邮政储蓄银行', '中国邮政储蓄银行股份有限公司', '403'),
  joint('CMB', '招商银行', '招商银行股份有限公司', '308'),
  joint('SPDB', '浦发银行', '上海浦东发展银行股份有限公司', '310'),
  joint('CITIC', '中信银行', '中信银行股份有限公司', '302'),
  joint('CEB', '光大银行', '中国光大银行股份有限公司', '303'),
  joint('HXB', '华夏银行', '华夏银行股份有限公司', '304'),
  joint('CMBC', '民生银行', '中国民生银行股份有限公司', '305'),
  joint('CGB', '广发银行', '广发银行股份有限公司', '306'),
  joint('PAB', '平安银行', '平安银行股份有限公司', '307'),
  joint('CIB', '兴业银行', '兴业银行股份有限公司', '309'),
  joint('CZB', '浙商银行', '浙商银行股份有限公司', '316'),
  joint('CBHB', '渤海银行', '渤海银行股份有限公司', '318'),
  joint('HFB', '恒丰银行', '恒丰银行股份有限公司', '315'),
  city('BOB', '北京银行', '北京银行股份有限公司', '110000'),
  city('BOS', '上海银行', '上海银行股份有限公司', '310000'),
  city('JSB', '江苏银行', '江苏银行股份有限公司', '320000'),
  city('NJCB', '南京银行', '南京银行股份有限公司', '320000'),
  city('NBCB', '宁波银行', '宁波银行股份有限公司', '330000'),
  city('HZCB', '杭州银行', '杭州银行股份有限公司', '330000'),
  city('BOCD', '成都银行', '成都银行股份有限公司', '510000'),
  city('CQCB', '重庆银行', '重庆银行股份有限公司', '500000'),
  city('HSB', '徽商银行', '徽商银行股份有限公司', '340000'),
  city('SRCB', '上海农商银行', '上海农村商业银行股份有限公司', '310000', '322'),
  city('BJRCB', '北京农商银行', '北京农村商业银行股份有限公司', '110000', '402'),
  city('GRCB', '广州农商银行', '广州农村商业银行股份有限公司', '440000', '314'),
];

/** Each bank's sample branches per city: the city branch's main office and two sub-branches. */
export const BRANCH_PATTERNS = ['{city}分行营业部', '{city}城东支行', '{city}城西支行'];
