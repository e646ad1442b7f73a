import type { Rule } from 'eslint';

export function featureOf(file: string): { root: string; name: string } | null;
export function foreignFeature(filename: string, specifier: unknown): { from: string; to: string } | null;
export const featureStandsAlone: Rule.RuleModule;
