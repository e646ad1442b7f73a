import type { Rule } from 'eslint';

export function dateOf(text: string): number | null;
export function isLimitName(name: string): boolean;
export const noFixedFutureDate: Rule.RuleModule;
declare const plugin: { rules: { 'no-fixed-future-date': Rule.RuleModule } };
export default plugin;
