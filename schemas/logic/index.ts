export * from './ast';
export * from './checker';
export * from './compile';
export * from './evaluator';
export * from './piping';
export * from './predicates';
export * from './prng';
export * from './sheet';
