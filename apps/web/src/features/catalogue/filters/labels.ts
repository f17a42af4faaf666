import { genreOf, GENRE_GROUPS, moodOf, SPEEDS, type Lang } from '@sori/contract';
import { useTranslation } from 'react-i18next';

/** The contract's labels in the language the page is shown in (English when it is not one of the three). */
export function useLabelLanguage(): Lang {
  const { i18n } = useTranslation();
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);
  return lng === 'ko' || lng === 'ja' ? lng : 'en';
}

/** A genre or genre group code's label; a group reads 'Jazz (all)' style through the caller's template. */
export function genreLabel(code: number, lang: Lang): string {
  const genre = genreOf(code);
  if (genre) return genre.labels[lang];
  const group = GENRE_GROUPS.find((g) => g.code === code);
  return group ? group.labels[lang] : String(code);
}

export const isGroupCode = (code: number): boolean => GENRE_GROUPS.some((g) => g.code === code);

export function moodLabel(code: number, lang: Lang): string {
  return moodOf(code)?.labels[lang] ?? String(code);
}

export function speedLabel(value: number, lang: Lang): string {
  return SPEEDS.find((s) => s.value === value)?.labels[lang] ?? String(value);
}
