// Logic evaluation on a respondent page of 800 subjects with 200 rules: full evaluation and incremental
// re-evaluation after one answer changes. Prints median and p95 over many runs.
// Run: node --import tsx bench/logic.ts
import { SUBJECT_TYPE } from '../schemas/subjects/subject-types';
import { performance } from 'node:perf_hooks';
import type { TCondition, TLogic } from '../schemas/logic/ast';
import { compileLogic } from '../schemas/logic/compile';
import { LogicEvaluator } from '../schemas/logic/evaluator';
import { seededRandom } from '../schemas/logic/prng';
import { createSubject, type TSubject } from '../schemas/subjects/registry';

const SUBJECTS = 800;
const random = seededRandom('bench');
const int = (n: number) => Math.floor(random() * n);
const id = (i: number) => `q${i}`;

/** A mix of the common types; every fifth subject's title pipes an earlier answer. */
function buildSubjects(): TSubject[] {
  const types = [1, 1, 2, 6, 21, 22, 3, 11] as const;
  return Array.from({ length: SUBJECTS }, (_, i) => {
    let n = 0;
    const s = createSubject(types[i % types.length]!, { uuid: id(i), indexSort: i, newId: () => `${id(i)}-${n++}` });
    s.required = false;
    if (i % 5 === 4) s.title = `关于{{${id(i - 3)}}}的看法`;
    return s;
  });
}

function chooseCondition(subjects: TSubject[], before: number): TCondition {
  const predicates = Array.from({ length: 1 + int(3) }, () => {
    const s = subjects[int(before)]!;
    if ('options' in s) return { op: 'chose' as const, subject: s.uuid, option: s.options[int(s.options.length)]!.uuid };
    if (s.subjectType === SUBJECT_TYPE.numberInput || s.subjectType === SUBJECT_TYPE.nps) return { op: 'greater' as const, subject: s.uuid, value: 5 };
    return { op: 'answered' as const, subject: s.uuid };
  });
  return { match: random() < 0.5 ? 'all' : 'any', predicates };
}

/** 200 rules: 110 display, 50 jumps, 25 option linkage, 10 quotas, 5 random groups. */
function buildLogic(subjects: TSubject[]): TLogic {
  const after = (min: number) => min + int(SUBJECTS - min);
  const display = Array.from({ length: 110 }, (_, k) => {
    const target = after(20);
    return { id: `d${k}`, target: id(target), when: chooseCondition(subjects, target) };
  });
  const jumps = Array.from({ length: 50 }, (_, k) => {
    const from = after(10) - 10;
    const to = Math.min(from + 2 + int(15), SUBJECTS - 1);
    return { id: `j${k}`, from: id(from), when: chooseCondition(subjects, from + 1), to: { kind: 'subject' as const, subject: id(to) } };
  });
  const choice = subjects.filter((s, i) => i > 20 && 'options' in s) as (TSubject & { options: { uuid: string }[] })[];
  const optionLinkage = Array.from({ length: 25 }, (_, k) => {
    const t = choice[int(choice.length)]!;
    return { id: `l${k}`, target: t.uuid, options: [t.options[0]!.uuid], when: chooseCondition(subjects, Number(t.uuid.slice(1))) };
  });
  const quotas = Array.from({ length: 10 }, (_, k) => {
    const t = choice[int(choice.length)]!;
    return { id: `qt${k}`, basis: 'option' as const, subject: t.uuid, option: t.options[1]!.uuid, limit: 100, onFull: { action: 'hideOption' as const } };
  });
  const random5 = Array.from({ length: 5 }, (_, k) => ({
    id: `r${k}`,
    subjects: Array.from({ length: 10 }, (_, j) => id(700 + k * 10 + j)),
    draw: 5,
    shuffle: true,
  }));
  return { display, jumps, optionLinkage, quotas, random: random5 };
}

function answerFor(s: TSubject, variant: number): unknown {
  if ('options' in s) return { optionIds: [s.options[variant % s.options.length]!.uuid] };
  if (s.subjectType === SUBJECT_TYPE.numberInput) return variant * 3;
  if (s.subjectType === SUBJECT_TYPE.nps) return variant % 11;
  if (s.subjectType === SUBJECT_TYPE.matrixSingle) return Object.fromEntries(s.rows.map((r) => [r.uuid, s.columns[variant % s.columns.length]!.uuid]));
  return `回答${variant}`;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

function measure(name: string, runs: number, fn: (i: number) => void) {
  for (let i = 0; i < Math.min(50, runs); i++) fn(i); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn(i);
    samples.push(performance.now() - t);
  }
  const { median, p95 } = stats(samples);
  const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
  console.log(`${name.padEnd(64)} median ${fmt(median).padStart(10)}   p95 ${fmt(p95).padStart(10)}   (${runs} runs)`);
}

const subjects = buildSubjects();
const logic = buildLogic(subjects);
const answers = Object.fromEntries(subjects.map((s, i) => [s.uuid, answerFor(s, i)]));
const rules = logic.display.length + logic.jumps.length + logic.optionLinkage.length + logic.quotas.length + logic.random.length;
console.log(`bench/logic: ${SUBJECTS} subjects, ${rules} rules, ${Object.keys(answers).length} answers, node ${process.version}\n`);

const compiled = compileLogic(subjects, logic, 'sheet-1');
measure('compile (once per survey version and seed)', 300, (i) => compileLogic(subjects, logic, `sheet-${i}`));
measure('full evaluation, all 800 answered (compiled)', 300, () => new LogicEvaluator(compiled, answers));
measure('full evaluation from scratch (compile + evaluate)', 300, (i) => new LogicEvaluator(compileLogic(subjects, logic, `s${i}`), answers));
measure('full evaluation, nothing answered yet', 300, () => new LogicEvaluator(compiled));

const live = new LogicEvaluator(compiled, answers);
measure('incremental: one random subject changes', 5_000, (i) => {
  const s = subjects[int(SUBJECTS)]!;
  live.setAnswer(s.uuid, answerFor(s, i));
});
const busiest = [...compiled.readers.entries()].sort((a, b) => b[1].length - a[1].length)[0]![0];
const hot = compiled.subjects[busiest]!;
measure(`incremental: the most-read subject changes (${compiled.readers[busiest]!.length} readers)`, 5_000, (i) => {
  live.setAnswer(hot.uuid, answerFor(hot, i));
});
const early = subjects[3]!;
measure('incremental: an early subject changes', 5_000, (i) => live.setAnswer(early.uuid, answerFor(early, i)));

const before = live.unitsEvaluated;
for (let i = 0; i < 1_000; i++) {
  const s = subjects[int(SUBJECTS)]!;
  live.setAnswer(s.uuid, answerFor(s, i + 7));
}
console.log(`\nunits re-evaluated per random change: ${((live.unitsEvaluated - before) / 1_000).toFixed(2)} of ${compiled.units.length}`);
