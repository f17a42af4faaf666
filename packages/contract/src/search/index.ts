export * from './normalize';
export * from './tokenize';
