export * from './codes';
export * from './constants';
export * from './errors';
export * from './validation';
export * from './api';
export * from './music-query';
export * from './search';
export * from './ids';
