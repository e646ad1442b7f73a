export * from './base';
export * from './choice';
export * from './messages';
export * from './numbering';
export * from './registry';
export * from './subject-types';
export * from './text-rules';
export * from './traits';
