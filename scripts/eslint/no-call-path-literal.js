/**
 * ESLint rule `wenjuan/no-call-path-literal` (the phone pages, src/respond and src/vote-page): no API path written
 * as a string. A phone page takes each path from the table of registered calls (CALL_PATHS / FILE_PATHS in
 * schemas/api/paths/, generated from the contracts), so a renamed or removed call does not compile instead
 * of breaking on a phone (issue 45 item 4).
 *
 * Flags a string or template text that starts with one of the API's top segments ('activity/vote/…',
 * 'active/write/…', 'upload/…'), or an address under the API base ('/api/activity/…', `/api/${…}` built from
 * one). The base alone ('/api/') is allowed: the clients put it before a path from the table.
 */

/** The first segment of every registered path (tests/scripts/no-call-path-literal.test.ts keeps it complete). */
export const API_ROOTS = ['active', 'activity', 'ai', 'code', 'dev', 'question', 'recharge', 'site', 'upload', 'wxApplet'];

const ROOT = new RegExp(`^/?(?:${API_ROOTS.join('|')})/`);
const UNDER_BASE = /\/api\/(?=[A-Za-z])/;

/** Whether a piece of string text is (or starts) an API path. */
export function isCallPath(text) {
  return ROOT.test(text) || UNDER_BASE.test(text);
}

const isImportSource = (node) =>
  node.parent &&
  (node.parent.type === 'ImportDeclaration' ||
    node.parent.type === 'ExportNamedDeclaration' ||
    node.parent.type === 'ExportAllDeclaration' ||
    node.parent.type === 'ImportExpression') &&
  node.parent.source === node;

export const noCallPathLiteral = {
  meta: {
    type: 'problem',
    docs: { description: 'Phone pages take API paths from the table of registered calls (schemas/api/paths/), never from a string' },
    schema: [],
    messages: {
      literal: "API path '{{text}}' written as a string: take it from CALL_PATHS / FILE_PATHS (schemas/api/paths/), so a renamed call does not compile.",
    },
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'literal', data: { text } });
    return {
      Literal(node) {
        if (typeof node.value === 'string' && !isImportSource(node) && isCallPath(node.value)) report(node, node.value);
      },
      TemplateLiteral(node) {
        const text = node.quasis.map((q) => q.value.cooked ?? '').join('${…}');
        if (node.quasis.some((q) => isCallPath(q.value.cooked ?? ''))) report(node, text);
      },
    };
  },
};

export default { rules: { 'no-call-path-literal': noCallPathLiteral } };
