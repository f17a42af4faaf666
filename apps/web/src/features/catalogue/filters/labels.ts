import { genreOf, GENRE_GROUPS, GENRES, moodOf, SPEEDS, type Code, type Lang } from '@sori/contract';
import type { TFunction } from 'i18next';
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

/**
 * The one genre of a group that has only one (Comic), else undefined. Such a group is offered as one
 * choice under the genre's name: "All Comic" above "Comic" offered the same tracks twice.
 */
export function soleGenreOf(group: number): Code | undefined {
  const genres = GENRES.filter((g) => g.group === group);
  return genres.length === 1 ? genres[0] : undefined;
}

/** A chosen genre filter as the toggle and the tag show it: a group reads "All Jazz", a one-genre group its name. */
export function chosenGenreLabel(code: number, lang: Lang, t: TFunction): string {
  const name = genreLabel(code, lang);
  return isGroupCode(code) && !soleGenreOf(code) ? t('filters.groupAll', { group: name }) : name;
}

export function moodLabel(code: number, lang: Lang): string {
  return moodOf(code)?.labels[lang] ?? String(code);
}

export function speedLabel(value: number, lang: Lang): string {
  return SPEEDS.find((s) => s.value === value)?.labels[lang] ?? String(value);
}
