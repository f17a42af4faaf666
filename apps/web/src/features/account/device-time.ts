import { accountDate, serviceDay, type Lang } from '@sori/contract';

/** Within this, a device counts as in use now: the server records a session's use at most every ten minutes. */
export const IN_USE_MS = 10 * 60_000;

/**
 * When a device was last used, as a person says it: "3시간 전", "yesterday", "5日前", then the date after a
 * week; null while it is in use now. Days are counted on the calendar in Korean time, as the page's dates are.
 */
export function usedAgo(iso: string, now: number, lang: Lang): string | null {
  const at = Date.parse(iso);
  const minutes = Math.floor((now - at) / 60_000);
  if (now - at < IN_USE_MS) return null;
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const days = Math.round((Date.parse(serviceDay(new Date(now))) - Date.parse(serviceDay(new Date(at)))) / 86_400_000);
  let text: string;
  if (minutes < 60) text = rtf.format(-minutes, 'minute');
  else if (days === 0 || minutes < 6 * 60) text = rtf.format(-Math.floor(minutes / 60), 'hour');
  else if (days < 7) text = rtf.format(-days, 'day');
  else return accountDate(iso, lang);
  // ICU writes "3 時間前"; Japanese sets no space between a number and its counter.
  return lang === 'ja' ? text.replace(/(\d) (?=\S)/gu, '$1') : text;
}
