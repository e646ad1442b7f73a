import { describe, expect, it } from 'vitest';
import { cutUtf8, fenToYuan, shanghaiDateTime, shanghaiRfc3339, yuanToFen } from '../../../server/providers/pay-money';

describe('yuan ↔ fen with string arithmetic', () => {
  it.each([
    ['0.01', 1],
    ['1', 100],
    ['1.00', 100],
    ['12.30', 1230],
    ['12.3', 1230],
    ['0.07', 7],
    ['0.29', 29],
    ['0.1', 10],
    ['99999.99', 9_999_999],
    ['100000000.00', 10_000_000_000],
  ])('%s yuan is %i fen', (yuan, fen) => {
    expect(yuanToFen(yuan)).toBe(fen);
  });

  it('writes fen as Alipay wants yuan', () => {
    expect([1, 100, 1230, 7, 29, 9_999_999, 0].map(fenToYuan)).toEqual(['0.01', '1.00', '12.30', '0.07', '0.29', '99999.99', '0.00']);
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => fenToYuan(-1)).toThrow(RangeError);
  });

  it('round-trips every amount up to 1000 yuan exactly, where float arithmetic would not', () => {
    let floatMisses = 0;
    for (let fen = 0; fen <= 100_000; fen += 1) {
      const yuan = fenToYuan(fen);
      if (yuanToFen(yuan) !== fen) throw new Error(`${fen} → ${yuan} → ${yuanToFen(yuan)}`);
      if (Number(yuan) * 100 !== fen) floatMisses += 1;
    }
    expect(floatMisses).toBeGreaterThan(0);
  });

  it('refuses what is not a plain amount', () => {
    for (const bad of ['', '.5', '1.', '1.234', '-1', '+1', '01.00', '1e2', ' 1', '1 ', '1,00', 'NaN', 'Infinity', '0x1', '１２']) {
      expect(yuanToFen(bad)).toBeUndefined();
    }
  });
});

describe('times and lengths', () => {
  it('writes Beijing time for Alipay and WeChat', () => {
    const at = new Date('2026-12-31T16:30:05.123Z');
    expect(shanghaiDateTime(at)).toBe('2027-01-01 00:30:05');
    expect(shanghaiRfc3339(at)).toBe('2027-01-01T00:30:05+08:00');
  });

  it('cuts UTF-8 at a character boundary', () => {
    expect(cutUtf8('问卷通abc', 7)).toBe('问卷');
    expect(cutUtf8('问卷通abc', 9)).toBe('问卷通');
    expect(cutUtf8('ab😀c', 5)).toBe('ab');
    expect(cutUtf8('short', 127)).toBe('short');
  });
});
