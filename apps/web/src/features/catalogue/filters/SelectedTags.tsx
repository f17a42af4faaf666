import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { refocusAfterDialogs } from '../../../lib/modal-focus';
import { Icon } from '../../../components/Icon';
import { hasFilters, NO_CONDITIONS, normalizeConditions, type SearchConditions } from '../search-conditions';
import { INFINITY_SIGN } from './FilterFields';
import { chosenGenreLabel, moodLabel, speedLabel, useLabelLanguage } from './labels';

interface Tag {
  key: string;
  text: string;
  without: SearchConditions;
}

/**
 * The remove button pressed goes with its tag: once the tags are drawn again (fewer than `count`), the focus
 * goes to the remove button that took its place (or the last one), and with no tag left to the search box,
 * not to the page's start.
 */
function refocusTags(bar: HTMLElement, index: number, count: number): void {
  const buttons = () => [...bar.querySelectorAll<HTMLElement>('[data-testid="filter-tag"] button')];
  refocusAfterDialogs(
    () => {
      const left = buttons();
      return left[Math.min(index, left.length - 1)] ?? bar.querySelector<HTMLElement>('[data-testid="search-input"]');
    },
    { until: () => buttons().length < count },
  );
}

/** One tag per chosen filter, each with a remove button, and a button clearing them all (PRODUCT §2). */
export function SelectedTags({ conditions, onRemove }: { conditions: SearchConditions; onRemove: (next: SearchConditions) => void }) {
  const { t } = useTranslation();
  const lang = useLabelLanguage();
  const group = useRef<HTMLDivElement>(null);
  if (!hasFilters(conditions)) return null;
  const remove = (next: SearchConditions, index: number, count: number) => {
    const bar = group.current?.closest<HTMLElement>('[data-testid="search-bar"]') ?? document.body;
    onRemove(next);
    refocusTags(bar, index, count);
  };
  const c = conditions;
  const tags: Tag[] = [];
  if (c.genre !== null) {
    tags.push({ key: 'genre', text: chosenGenreLabel(c.genre, lang, t), without: { ...c, genre: null } });
  }
  if (c.speed !== null) tags.push({ key: 'speed', text: speedLabel(c.speed, lang), without: { ...c, speed: null } });
  for (const mood of c.moods) {
    tags.push({ key: `mood-${mood}`, text: moodLabel(mood, lang), without: { ...c, moods: c.moods.filter((m) => m !== mood) } });
  }
  if (c.soundKey) tags.push({ key: 'key', text: t('filters.keyTag', { key: c.soundKey }), without: { ...c, soundKey: null } });
  if (c.keyMode) tags.push({ key: 'mode', text: t(`filters.modes.${c.keyMode}`), without: { ...c, keyMode: null } });
  if (c.bpmMin !== null || c.bpmMax !== null) {
    // The range as it is searched: bounds typed the wrong way round are swapped here too.
    const { bpmMin, bpmMax } = normalizeConditions(c);
    tags.push({
      key: 'bpm',
      text: t('filters.bpmRange', { min: bpmMin ?? 0, max: bpmMax ?? INFINITY_SIGN }),
      without: { ...c, bpmMin: null, bpmMax: null },
    });
  }
  return (
    <div ref={group} className="sori-tags" aria-label={t('filters.selected')} role="group" data-testid="filter-tags">
      {tags.map((tag, index) => (
        <span key={tag.key} className="sori-tag" data-testid="filter-tag">
          <span>{tag.text}</span>
          <button
            type="button"
            aria-label={t('filters.remove', { name: tag.text })}
            onClick={() => remove(tag.without, index, tags.length)}
          >
            <Icon name="close" size={14} />
          </button>
        </span>
      ))}
      <button
        type="button"
        className="btn btn-link btn-sm sori-tags-clear"
        onClick={() => remove({ ...NO_CONDITIONS, q: c.q }, 0, tags.length)}
        data-testid="filter-clear"
      >
        {t('filters.clearAll')}
      </button>
    </div>
  );
}
