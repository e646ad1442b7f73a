import { describe, expect, it } from 'vitest';
import { savFile, shortNames, type SavVariable } from '../../../server/services/report/sav/sav-file';
import { FORMAT, variableRecords, valueLabelRecords } from '../../../server/services/report/sav/sav-records';
import { fitUtf8 } from '../../../server/services/report/sav/sav-bytes';
import { readSav } from './sav-read';

const num = (name: string, label: string, valueLabels?: [number, string][]): SavVariable => ({
  name,
  shortName: name.toUpperCase(),
  label,
  width: 0,
  format: { type: FORMAT.F, width: 8, decimals: 0 },
  measure: valueLabels ? 'nominal' : 'scale',
  valueLabels,
});
const str = (name: string, label: string, width: number): SavVariable => ({
  name,
  shortName: name.toUpperCase(),
  label,
  width,
  format: { type: FORMAT.A, width, decimals: 0 },
  measure: 'nominal',
});

describe('SPSS writer records', () => {
  it('writes a numeric variable record of 32 bytes plus its label padded to 4 bytes', () => {
    const b = variableRecords(num('Q1', '性别'));
    expect(b.readInt32LE(0)).toBe(2);
    expect(b.readInt32LE(4)).toBe(0);
    expect(b.readInt32LE(8)).toBe(1);
    expect(b.readInt32LE(16)).toBe((5 << 16) | (8 << 8));
    expect(b.subarray(24, 32).toString()).toBe('Q1      ');
    expect(b.readInt32LE(32)).toBe(6);
    expect(b.length).toBe(32 + 4 + 8);
  });

  it('adds a continuation record for every further 8 bytes of a string', () => {
    const b = variableRecords(str('Q2', '', 20));
    expect(b.length).toBe(32 * 3);
    expect(b.readInt32LE(32 + 4)).toBe(-1);
    expect(b.readInt32LE(64 + 4)).toBe(-1);
  });

  it('pads each value label to a multiple of 8 and names the variables it applies to', () => {
    const b = valueLabelRecords(
      [
        [1, '男'],
        [2, '女'],
      ],
      [3],
    );
    expect(b.readInt32LE(0)).toBe(3);
    expect(b.readInt32LE(4)).toBe(2);
    expect(b.readDoubleLE(8)).toBe(1);
    expect(b[16]).toBe(3);
    expect(b.subarray(17, 20).toString()).toBe('男');
    expect(b.readInt32LE(40)).toBe(4);
    expect(b.readInt32LE(48)).toBe(3);
  });

  it('cuts text at a character boundary', () => {
    expect(fitUtf8('中文字', 7).toString()).toBe('中文');
  });

  it('gives long names short names that fit in 8 bytes and never collide', () => {
    expect(shortNames(['Q1', 'sheet_no', 'submit_time', 'q1', 'V1'])).toEqual(['Q1', 'SHEET_NO', 'V2', 'V3', 'V1']);
  });

  it('reads back with sav-reader: names, labels, value labels, numbers, Chinese strings and missing values', async () => {
    const named = [
      num('Q1', '您的性别？', [
        [1, '男'],
        [2, '女'],
      ]),
      str('Q2_long_name_of_a_variable', '意见', 30),
      num('score', '总分'),
    ];
    const short = shortNames(named.map((v) => v.name));
    const variables = named.map((v, i) => ({ ...v, shortName: short[i]! }));
    const file = savFile(
      variables,
      [
        [1, '很好，继续加油！', 90.5],
        [2, '', null],
        [null, 'abc', 0],
      ],
      new Date('2026-12-06T00:00:00Z'),
    );
    const sav = await readSav(file);
    expect(sav.meta.header.n_cases).toBe(3);
    expect(sav.meta.header.encoding).toBe('UTF-8');
    expect(sav.variables).toEqual([
      { name: 'Q1', label: '您的性别？', type: 0 },
      { name: 'Q2_long_name_of_a_variable', label: '意见', type: 1 },
      { name: 'score', label: '总分', type: 0 },
    ]);
    expect(sav.valueLabels('Q1')).toEqual({ 1: '男', 2: '女' });
    expect(sav.rows).toEqual([
      { Q1: 1, Q2_long_name_of_a_variable: '很好，继续加油！', score: 90.5 },
      { Q1: 2, Q2_long_name_of_a_variable: '', score: null },
      { Q1: null, Q2_long_name_of_a_variable: 'abc', score: 0 },
    ]);
  });
});
