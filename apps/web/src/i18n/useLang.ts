import type { Lang } from '@sori/contract';
import { useTranslation } from 'react-i18next';
import { languageFromTag } from './detect';

/** The UI's language as one of the three (English while i18next has none of them). */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return languageFromTag(i18n.language) ?? 'en';
}
