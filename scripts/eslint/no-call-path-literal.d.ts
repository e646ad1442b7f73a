import type { Rule } from 'eslint';

export const API_ROOTS: string[];
export function isCallPath(text: string): boolean;
export const noCallPathLiteral: Rule.RuleModule;
declare const plugin: { rules: { 'no-call-path-literal': Rule.RuleModule } };
export default plugin;
