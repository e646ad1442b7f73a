import { describe, expect, it } from 'vitest';
import { isBusinessLicenseNumber } from '../../../schemas/merchant/credit-code';
import { idCardCheckChar, isIdCardNumber, isPastDate } from '../../../schemas/merchant/id-card';

const TODAY = new Date(2025, 5, 15);

describe('ID-card numbers (GB 11643)', () => {
  it.each([
    ['11010519491231002X', "the standard's example, X check digit"],
    ['11010519491231002x', 'a lower-case x'],
    ['440524188001010014', 'born 1880'],
    ['330106199003071236', 'digit check'],
    ['330102198511200049', 'check digit 9'],
    ['110105 19491231 002X', 'typed with spaces'],
    ['110105200002290021', 'born on a leap day'],
  ])('accepts %s (%s)', (number) => {
    expect(isIdCardNumber(number, TODAY)).toBe(true);
  });

  it.each([
    ['110105194912310021', 'wrong check digit'],
    ['11010519491231002Y', 'a letter other than X'],
    ['330106199003071237', 'check digit off by one'],
    ['110105194902300020', 'February 30th (checksum right)'],
    ['110105190002290025', '1900 was not a leap year (checksum right)'],
    ['110105194913010029', 'month 13 (checksum right)'],
    ['110105209912310029', 'born in the future (checksum right)'],
    ['11010519491231002', '17 characters'],
    ['1101051949123100200', '19 characters'],
    ['', 'empty'],
    ['X1010519491231002X', 'a letter in front'],
  ])('refuses %s (%s)', (number) => {
    expect(isIdCardNumber(number, TODAY)).toBe(false);
  });

  it('computes the check character and only for 17 digits', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44052418800101001')).toBe('4');
    expect(idCardCheckChar('1101051949123100')).toBeNull();
  });

  it('checks dates exist and are not after today', () => {
    expect(isPastDate('20000229', TODAY)).toBe(true);
    expect(isPastDate('20010229', TODAY)).toBe(false);
    expect(isPastDate('20250615', TODAY)).toBe(true);
    expect(isPastDate('20250616', TODAY)).toBe(false);
    expect(isPastDate('17991231', TODAY)).toBe(false);
  });
});

describe('business licence numbers (GB 32100)', () => {
  it.each(['91330106MA27U1LP03', '9144030071526726XG', '914403001922038216', '92330106MA2H3K8L5A', '330106000123456', '91330106ma27u1lp03'])(
    'accepts %s',
    (number) => {
      expect(isBusinessLicenseNumber(number)).toBe(true);
    },
  );
  it.each(['91330106MA27U1LP04', '91330106MA27U1LPO3', '9133010MA27U1LP03', '33010600012345', ''])('refuses %s', (number) => {
    expect(isBusinessLicenseNumber(number)).toBe(false);
  });
});
