export * from './normalize';
export * from './tokenize';
export * from './forgive';
