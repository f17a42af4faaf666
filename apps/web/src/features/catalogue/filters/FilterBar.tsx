import { useId, type ReactNode } from 'react';
import { keyLabel } from '@sori/contract';
import { useTranslation } from 'react-i18next';
import { DropdownPanel } from '../../../components/DropdownPanel';
import { searchedBpm, type SearchConditions } from '../search-conditions';
import { BpmRange, GenreChoices, INFINITY_SIGN, KeyChoices, KeyModeChoices, MoodChoices, SpeedChoices } from './FilterFields';
import { chosenGenreLabel, moodLabel, speedLabel, useLabelLanguage } from './labels';

export interface FilterBarProps {
  conditions: SearchConditions;
  onChange: (next: SearchConditions) => void;
  /** Prefix of test ids, so the inline and the compact bar can be told apart. */
  testIdPrefix: string;
  /** Counts the filters set from outside the panels; the BPM boxes start again from the bounds at each. */
  applied?: number;
}

/**
 * The compact filters (PRODUCT §2): genre, speed and mood dropdowns and a key/BPM panel. Shown in the
 * advanced form under the search box and, once the intro has scrolled away, in the bar under the
 * navigation.
 */
export function FilterBar({ conditions, onChange, testIdPrefix, applied = 0 }: FilterBarProps) {
  const { t } = useTranslation();
  const lang = useLabelLanguage();
  const name = useId();
  const set = (patch: Partial<SearchConditions>) => onChange({ ...conditions, ...patch });
  const genreValue = conditions.genre === null ? null : chosenGenreLabel(conditions.genre, lang, t);
  const moodValue =
    conditions.moods.length === 0
      ? null
      : conditions.moods.length === 1
        ? moodLabel(conditions.moods[0]!, lang)
        : t('filters.moodsCount', { count: conditions.moods.length });
  const { bpmMin, bpmMax } = searchedBpm(conditions.bpmMin, conditions.bpmMax);
  const bpm = bpmMin !== null || bpmMax !== null;
  const keyValue = conditions.soundKey
    ? keyLabel(conditions.soundKey, conditions.keyMode, lang)
    : conditions.keyMode && t(`filters.modes.${conditions.keyMode}`);
  const keyBpmValue = [keyValue, bpm ? `${bpmMin ?? 0}–${bpmMax ?? INFINITY_SIGN}` : null].filter(Boolean).join(' · ');

  return (
    <div className="sori-filter-bar">
      <DropdownPanel
        label={t('filters.genre')}
        value={genreValue}
        active={genreValue !== null}
        panelLabel={t('filters.genre')}
        testId={`${testIdPrefix}-genre`}
      >
        {(done) => (
          <SingleChoice done={done}>
            <GenreChoices name={`${name}-genre`} value={conditions.genre} onChange={(genre) => set({ genre })} />
          </SingleChoice>
        )}
      </DropdownPanel>
      <DropdownPanel
        label={t('filters.speed')}
        value={conditions.speed === null ? null : speedLabel(conditions.speed, lang)}
        active={conditions.speed !== null}
        panelLabel={t('filters.speed')}
        testId={`${testIdPrefix}-speed`}
      >
        {(done) => (
          <SingleChoice done={done}>
            <SpeedChoices name={`${name}-speed`} value={conditions.speed} onChange={(speed) => set({ speed })} />
          </SingleChoice>
        )}
      </DropdownPanel>
      <DropdownPanel
        label={t('filters.moods')}
        value={moodValue}
        active={moodValue !== null}
        panelLabel={t('filters.moods')}
        testId={`${testIdPrefix}-moods`}
        wide
      >
        <MoodChoices value={conditions.moods} onChange={(moods) => set({ moods })} />
      </DropdownPanel>
      <DropdownPanel
        label={t('filters.keyBpm')}
        value={keyBpmValue || null}
        active={keyBpmValue !== ''}
        panelLabel={t('filters.keyBpm')}
        testId={`${testIdPrefix}-keybpm`}
        wide
      >
        <div className="sori-keybpm">
          <div>
            <div className="sori-panel-title">{t('filters.key')}</div>
            <KeyChoices value={conditions.soundKey} onChange={(soundKey) => set({ soundKey })} />
            <KeyModeChoices value={conditions.keyMode} onChange={(keyMode) => set({ keyMode })} />
          </div>
          <div>
            <div className="sori-panel-title">{t('filters.bpm')}</div>
            <BpmRange
              key={applied}
              min={conditions.bpmMin}
              max={conditions.bpmMax}
              onChange={(bpmMin, bpmMax) => set({ bpmMin, bpmMax })}
            />
          </div>
        </div>
      </DropdownPanel>
    </div>
  );
}

/**
 * A one-choice list in a dropdown, kept as a native select's list behaves: a click or Space chooses and
 * closes; the arrow keys move the choice (applied as it moves, the search following after its pause) and
 * keep the list open, so a keyboard user can walk it; Enter closes it on the choice reached. The radios'
 * change events bubble here after the list has taken the value.
 */
function SingleChoice({ done, children }: { done: () => void; children: ReactNode }) {
  return (
    <div
      onKeyDown={(event) => {
        event.currentTarget.dataset['arrow'] = event.key.startsWith('Arrow') ? 'true' : 'false';
        if (event.key === 'Enter') {
          event.preventDefault();
          done();
        }
      }}
      onPointerDown={(event) => {
        event.currentTarget.dataset['arrow'] = 'false';
      }}
      onChange={(event) => {
        if (event.currentTarget.dataset['arrow'] !== 'true') done();
        event.currentTarget.dataset['arrow'] = 'false';
      }}
    >
      {children}
    </div>
  );
}
