import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import { hasFilters, NO_CONDITIONS, normalizeConditions, type SearchConditions } from '../search-conditions';
import { INFINITY_SIGN } from './FilterFields';
import { chosenGenreLabel, moodLabel, speedLabel, useLabelLanguage } from './labels';

interface Tag {
  key: string;
  text: string;
  without: SearchConditions;
}

/** One tag per chosen filter, each with a remove button, and a button clearing them all (PRODUCT §2). */
export function SelectedTags({ conditions, onRemove }: { conditions: SearchConditions; onRemove: (next: SearchConditions) => void }) {
  const { t } = useTranslation();
  const lang = useLabelLanguage();
  if (!hasFilters(conditions)) return null;
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
    <div className="sori-tags" aria-label={t('filters.selected')} role="group" data-testid="filter-tags">
      {tags.map((tag) => (
        <span key={tag.key} className="sori-tag" data-testid="filter-tag">
          <span>{tag.text}</span>
          <button type="button" aria-label={t('filters.remove', { name: tag.text })} onClick={() => onRemove(tag.without)}>
            <Icon name="close" size={14} />
          </button>
        </span>
      ))}
      <button
        type="button"
        className="btn btn-link btn-sm sori-tags-clear"
        onClick={() => onRemove({ ...NO_CONDITIONS, q: c.q })}
        data-testid="filter-clear"
      >
        {t('filters.clearAll')}
      </button>
    </div>
  );
}
