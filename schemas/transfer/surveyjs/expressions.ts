// Our logic conditions ↔ SurveyJS expression strings ("{q1} = 'a' and {q2} > 3"). Only the flat shapes our
// conditions hold cross: one "and" or one "or" of simple comparisons; anything else is reported by the caller.
import type { TCondition, TPredicate } from '../../logic/ast';

export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };
const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

// ---------- export: condition → expression ----------

/** How one of our subjects is written in an expression. */
export interface ExprSubject {
  name: string;
  /** Choice subjects: the SurveyJS value of an option (matrix: of a `row:column` id, as `{ row, column }`). */
  choice?: (option: string) => { row?: string; value: string | number } | undefined;
  /** Whether a choice answer is a list (checkbox, tagbox, ranking, checkbox matrix). */
  many?: boolean;
  /** Whether the option titles are what `equals` compares (choice subjects): then equals maps to the option. */
  optionByTitle?: (title: string) => string | undefined;
}

export function literal(value: string | number | boolean): string | undefined {
  if (typeof value !== 'string') return String(value);
  if (!value.includes("'")) return `'${value}'`;
  if (!value.includes('"')) return `"${value}"`;
  return undefined;
}

function predicateOut(p: TPredicate, s: ExprSubject): Outcome<string> {
  const ref = `{${s.name}}`;
  switch (p.op) {
    case 'answered':
      return { ok: true, value: `${ref} notempty` };
    case 'empty':
      return { ok: true, value: `${ref} empty` };
    case 'chose':
    case 'notChose': {
      const hit = s.choice?.(p.option);
      if (!hit) return fail('条件引用的选项在 SurveyJS 中没有对应的值');
      const target = hit.row === undefined ? ref : `{${s.name}.${hit.row}}`;
      const lit = literal(hit.value);
      if (lit === undefined) return fail('选项值含有引号');
      const op = s.many ? (p.op === 'chose' ? 'contains' : 'notcontains') : p.op === 'chose' ? '=' : '!=';
      return { ok: true, value: `${target} ${op} ${lit}` };
    }
    case 'equals': {
      if (s.choice) {
        const option = typeof p.value === 'string' ? s.optionByTitle?.(p.value) : undefined;
        return option ? predicateOut({ op: 'chose', subject: p.subject, option }, s) : fail('按文字比较选择题的条件无法转换');
      }
      const lit = literal(p.value);
      return lit === undefined ? fail('比较的文字含有引号') : { ok: true, value: `${ref} = ${lit}` };
    }
    case 'contains': {
      if (s.choice) return fail('按文字包含比较选择题的条件无法转换');
      const lit = literal(p.value);
      return lit === undefined ? fail('比较的文字含有引号') : { ok: true, value: `${ref} contains ${lit}` };
    }
    case 'greater':
      return { ok: true, value: `${ref} > ${p.value}` };
    case 'less':
      return { ok: true, value: `${ref} < ${p.value}` };
  }
}

/** A condition as a SurveyJS expression; `subjectOf` answers undefined for a subject that was not exported. */
export function conditionToExpression(c: TCondition, subjectOf: (uuid: string) => ExprSubject | undefined): Outcome<string> {
  const parts: string[] = [];
  for (const p of c.predicates) {
    const s = subjectOf(p.subject);
    if (!s) return fail('条件引用的题目没有导出');
    const out = predicateOut(p, s);
    if (!out.ok) return out;
    parts.push(out.value);
  }
  return { ok: true, value: parts.length === 1 ? parts[0]! : parts.map((x) => `(${x})`).join(c.match === 'all' ? ' and ' : ' or ') };
}

// ---------- import: expression → condition ----------

type Lit = string | number | boolean;
type Ast = { kind: 'and' | 'or'; items: Ast[] } | { kind: 'cmp'; name: string; op: string; value?: Lit | Lit[] };

const WORD_OPS: Record<string, string> = {
  equal: '=',
  notequal: '!=',
  greater: '>',
  less: '<',
  greaterorequal: '>=',
  lessorequal: '<=',
  contains: 'contains',
  notcontains: 'notcontains',
  anyof: 'anyof',
  allof: 'allof',
  noneof: 'noneof',
  empty: 'empty',
  notempty: 'notempty',
};

type Token = { t: 'var'; v: string } | { t: 'lit'; v: Lit } | { t: 'op'; v: string } | { t: 'punct'; v: string } | { t: 'word'; v: string };

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (/\s/.test(ch)) i++;
    else if (ch === '{') {
      const end = src.indexOf('}', i);
      if (end < 0) throw new Error('缺少 }');
      out.push({ t: 'var', v: src.slice(i + 1, end).trim() });
      i = end + 1;
    } else if (ch === "'" || ch === '"') {
      const end = src.indexOf(ch, i + 1);
      if (end < 0) throw new Error('引号不成对');
      out.push({ t: 'lit', v: src.slice(i + 1, end) });
      i = end + 1;
    } else if ('()[],'.includes(ch)) {
      out.push({ t: 'punct', v: ch });
      i++;
    } else {
      const op = /^(==|!=|<>|>=|<=|=>|=<|&&|\|\||=|>|<|!)/.exec(src.slice(i));
      if (op) {
        out.push({ t: 'op', v: op[1]! });
        i += op[1]!.length;
        continue;
      }
      const num = /^-?\d+(\.\d+)?/.exec(src.slice(i));
      if (num) {
        out.push({ t: 'lit', v: Number(num[0]) });
        i += num[0].length;
        continue;
      }
      const word = /^[A-Za-z_]\w*/.exec(src.slice(i));
      if (!word) throw new Error(`无法识别“${ch}”`);
      const w = word[0].toLowerCase();
      out.push(w === 'true' || w === 'false' ? { t: 'lit', v: w === 'true' } : { t: 'word', v: w });
      i += word[0].length;
    }
  }
  return out;
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}
  private peek = () => this.tokens[this.i];
  private next = () => this.tokens[this.i++];
  private isJoin(kind: 'and' | 'or'): boolean {
    const t = this.peek();
    if (!t) return false;
    return (t.t === 'word' && t.v === kind) || (t.t === 'op' && t.v === (kind === 'and' ? '&&' : '||'));
  }
  parse(): Ast {
    const ast = this.join('or');
    if (this.peek()) throw new Error('表达式结尾有多余内容');
    return ast;
  }
  private join(kind: 'and' | 'or'): Ast {
    const items = [kind === 'or' ? this.join('and') : this.atom()];
    while (this.isJoin(kind)) {
      this.next();
      items.push(kind === 'or' ? this.join('and') : this.atom());
    }
    return items.length === 1 ? items[0]! : { kind, items };
  }
  private atom(): Ast {
    const t = this.next();
    if (t?.t === 'punct' && t.v === '(') {
      const inner = this.join('or');
      const close = this.next();
      if (close?.t !== 'punct' || close.v !== ')') throw new Error('括号不成对');
      return inner;
    }
    if (t?.t !== 'var') throw new Error('只支持“{题目} 运算符 值”形式的比较');
    const opTok = this.next();
    const op =
      opTok?.t === 'op' ? ({ '==': '=', '<>': '!=', '=>': '>=', '=<': '<=' }[opTok.v] ?? opTok.v) : opTok?.t === 'word' ? WORD_OPS[opTok.v] : undefined;
    if (!op || ['&&', '||', '!'].includes(op)) throw new Error('缺少比较运算符');
    if (op === 'empty' || op === 'notempty') return { kind: 'cmp', name: t.v, op };
    return { kind: 'cmp', name: t.v, op, value: this.value() };
  }
  private value(): Lit | Lit[] {
    const t = this.next();
    if (t?.t === 'lit') return t.v;
    if (t?.t === 'punct' && t.v === '[') {
      const list: Lit[] = [];
      for (let x = this.next(); x && !(x.t === 'punct' && x.v === ']'); x = this.next()) {
        if (x.t === 'lit') list.push(x.v);
        else if (!(x.t === 'punct' && x.v === ',')) throw new Error('列表中只能是值');
      }
      return list;
    }
    throw new Error('比较的值只能是文字、数字或列表');
  }
}

export function parseExpression(src: string): Outcome<Ast> {
  try {
    return { ok: true, value: new Parser(tokenize(src)).parse() };
  } catch (e) {
    return fail(`无法解析表达式“${src}”：${(e as Error).message}`);
  }
}

/** How one imported subject is read in an expression. */
export interface ImportSubject {
  uuid: string;
  /** Choice subjects: the option id of a SurveyJS value. */
  optionOf?: (value: Lit) => string | undefined;
  /** Matrices: the `row:column` id of a row value and a cell value. */
  cellOf?: (row: string, value: Lit) => string | undefined;
  /** Numeric subjects; `integer` lets >= and <= become > and <. */
  numeric?: { integer: boolean };
}

function compare(a: Extract<Ast, { kind: 'cmp' }>, resolve: (name: string) => ImportSubject | undefined, within: 'all' | 'any' | 'one'): Outcome<TPredicate[]> {
  let s = resolve(a.name);
  let row: string | undefined;
  if (!s && a.name.includes('.')) {
    const dot = a.name.lastIndexOf('.');
    s = resolve(a.name.slice(0, dot));
    row = a.name.slice(dot + 1);
    if (!s?.cellOf) return fail(`条件引用的“${a.name}”不是可导入的题目`);
  }
  if (!s) return fail(`条件引用的“${a.name}”不是可导入的题目`);
  const subject = s.uuid;
  if (a.op === 'empty') return row === undefined ? { ok: true, value: [{ op: 'empty', subject }] } : fail('矩阵行的空值条件无法转换');
  if (a.op === 'notempty') return row === undefined ? { ok: true, value: [{ op: 'answered', subject }] } : fail('矩阵行的空值条件无法转换');
  const values = Array.isArray(a.value) ? a.value : [a.value!];
  const optionOf = row !== undefined ? (v: Lit) => s.cellOf!(row, v) : s.optionOf;
  if (optionOf) {
    const positive = ['=', 'contains', 'anyof', 'allof'].includes(a.op);
    if (!positive && !['!=', 'notcontains', 'noneof'].includes(a.op)) return fail(`选择题不支持运算符 ${a.op}`);
    const joinsAsAny = a.op === 'anyof';
    if (values.length > 1 && within !== 'one' && (joinsAsAny ? within !== 'any' : within !== 'all')) return fail('列表条件与其他条件的与/或组合无法转换');
    const preds: TPredicate[] = [];
    for (const v of values) {
      const option = optionOf(v);
      if (!option) return fail(`“${a.name}”没有值为 ${String(v)} 的选项`);
      preds.push({ op: positive ? 'chose' : 'notChose', subject, option });
    }
    return { ok: true, value: preds };
  }
  if (Array.isArray(a.value)) return fail(`“${a.name}”不是选择题，不能用列表比较`);
  const v = a.value!;
  if (s.numeric) {
    if (typeof v !== 'number') return fail(`“${a.name}”是数字题，比较的值应为数字`);
    if (a.op === '=') return { ok: true, value: [{ op: 'equals', subject, value: v }] };
    if (a.op === '>') return { ok: true, value: [{ op: 'greater', subject, value: v }] };
    if (a.op === '<') return { ok: true, value: [{ op: 'less', subject, value: v }] };
    if (s.numeric.integer && a.op === '>=') return { ok: true, value: [{ op: 'greater', subject, value: Math.ceil(v) - 1 }] };
    if (s.numeric.integer && a.op === '<=') return { ok: true, value: [{ op: 'less', subject, value: Math.floor(v) + 1 }] };
    return fail(`数字题不支持运算符 ${a.op}`);
  }
  if (typeof v === 'boolean') return fail(`“${a.name}”不是是非题，不能与 true/false 比较`);
  if (a.op === '=') return { ok: true, value: [{ op: 'equals', subject, value: v }] };
  if (a.op === 'contains' && String(v) !== '') return { ok: true, value: [{ op: 'contains', subject, value: String(v) }] };
  return fail(`文本题不支持运算符 ${a.op}`);
}

/** An expression as one of our conditions, or why it cannot be one. */
export function expressionToCondition(src: string, resolve: (name: string) => ImportSubject | undefined): Outcome<TCondition> {
  const parsed = parseExpression(src);
  return parsed.ok ? astToCondition(parsed.value, src, resolve) : parsed;
}

/**
 * A visibleIf as display rules that must all hold: "(a or b) and (c)" is two rules (our rules on one target are
 * and-ed), a flat "a and b" is one.
 */
export function expressionToConditions(src: string, resolve: (name: string) => ImportSubject | undefined): Outcome<TCondition[]> {
  const parsed = parseExpression(src);
  if (!parsed.ok) return parsed;
  const ast = parsed.value;
  const parts = ast.kind === 'and' && ast.items.some((x) => x.kind !== 'cmp') ? ast.items : [ast];
  const out: TCondition[] = [];
  for (const part of parts) {
    const cond = astToCondition(part, src, resolve);
    if (!cond.ok) return cond;
    out.push(cond.value);
  }
  return { ok: true, value: out };
}

function astToCondition(ast: Ast, src: string, resolve: (name: string) => ImportSubject | undefined): Outcome<TCondition> {
  const flat = ast.kind === 'cmp' ? [ast] : ast.items;
  if (flat.some((x) => x.kind !== 'cmp')) return fail(`表达式“${src}”同时使用了与和或，无法转换`);
  const within = ast.kind === 'cmp' ? 'one' : ast.kind === 'and' ? 'all' : 'any';
  const predicates: TPredicate[] = [];
  for (const item of flat as Extract<Ast, { kind: 'cmp' }>[]) {
    const out = compare(item, resolve, within);
    if (!out.ok) return out;
    predicates.push(...out.value);
  }
  if (predicates.length > 100) return fail('条件过多');
  const match = ast.kind === 'or' || (ast.kind === 'cmp' && ast.op === 'anyof') ? 'any' : 'all';
  return { ok: true, value: { match, predicates } };
}
