export * from './normalize';
export * from './tokenize';
export * from './forgive';
export * from './hangul-typing';
export * from './key-names';
