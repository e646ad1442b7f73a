import { describe, expect, it } from 'vitest';
import { ZSubject, subjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE_NAMES } from '../../../schemas/subjects/subject-types';
import { parseWenjuanJson, remapSubjectIds, renameSubjectRefs, toWenjuanJson } from '../../../schemas/transfer/wenjuan-json';
import { subjectRows, subjectsFromRows } from '../../../schemas/transfer/subject-sheet';

let n = 0;
const newId = () => `id-${++n}`;
/** Every subject type as the editor drops it (those whose defaults stand alone). */
const everyType = (): TSubject[] =>
  Object.keys(SUBJECT_TYPE_NAMES)
    .map((type, i) => subjectEntry(Number(type)).create({ uuid: newId(), indexSort: i + 1, newId }) as TSubject)
    .filter((s) => ZSubject.safeParse(s).success);

const source = (subjects: TSubject[]) => ({
  questionType: 6,
  solitaireType: null,
  title: '全部题型',
  subtitle: '<p>说明</p>',
  conclusion: '谢谢',
  shareTitle: '分享',
  settings: { password: '1234' },
  style: { themeId: 'green' },
  logic: { jumps: [{ id: 'j', from: subjects[0]!.uuid, to: { kind: 'end' } }] },
  conclusions: [{ conclusionId: 'c1', title: '提交成功', content: '谢谢', whenOption: null, redirectUrl: null }],
  subjects,
});

describe('our project JSON', () => {
  it('reads back exactly what it wrote, for every subject type', () => {
    const subjects = everyType();
    expect(subjects.length).toBeGreaterThan(30);
    const file = toWenjuanJson(source(subjects));
    const read = parseWenjuanJson(JSON.stringify(file));
    expect(read.ok && read.file).toEqual(file);
    expect(file.subjects).toEqual(subjects);
    expect(file.project.conclusions[0]).not.toHaveProperty('conclusionId');
  });

  it('names what is wrong in a bad file', () => {
    expect(parseWenjuanJson('[')).toEqual({ ok: false, message: '文件不是有效的 JSON' });
    const noTitle = parseWenjuanJson(JSON.stringify({ format: 'wenjuan-project', version: 1, project: { questionType: 1, title: ' ' }, subjects: [] }));
    expect(noTitle).toEqual({ ok: false, message: '文件内容无效：project.title: 缺少项目标题' });
    const later = parseWenjuanJson(JSON.stringify({ format: 'wenjuan-project', version: 2, project: {}, subjects: [] }));
    expect(later).toEqual({ ok: false, message: '文件内容无效：version: 不支持的文件版本（应为 1）' });
  });

  it('gives colliding subjects new ids and moves the references that named the taken ones', () => {
    const [a, b] = everyType();
    const { subjects, renamed } = remapSubjectIds([a!, b!, { ...b! }], new Set([a!.uuid]), () => 'fresh');
    expect(subjects.map((s) => s.uuid)).toEqual(['fresh', b!.uuid, 'fresh']);
    expect(renamed).toEqual(new Map([[a!.uuid, 'fresh']]));
    expect(renameSubjectRefs({ jumps: [{ from: a!.uuid, to: { kind: 'subject', subject: b!.uuid } }] }, renamed)).toEqual({
      jumps: [{ from: 'fresh', to: { kind: 'subject', subject: b!.uuid } }],
    });
  });
});

describe('the subjects sheet', () => {
  it('rows written by the export read back as the same choice and text subjects', () => {
    const kept = everyType().filter((s) => [1, 2, 3, 6, 7, 14, 19, 21, 26].includes(s.subjectType));
    const rows = subjectRows(kept).map((cells, i) => ({ line: i + 2, cells }));
    const { subjects, report } = subjectsFromRows(rows, newId);
    expect(report.unmapped).toEqual([]);
    expect(subjects.map((s) => s.subjectType)).toEqual(kept.map((s) => s.subjectType));
    expect(subjectRows(subjects)).toEqual(subjectRows(kept));
  });
});
