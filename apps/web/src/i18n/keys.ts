import type { ParseKeys } from 'i18next';

/** Any key of the English translation file; data tables holding keys use it so typos fail to compile. */
export type TranslationKey = ParseKeys<'translation'>;
