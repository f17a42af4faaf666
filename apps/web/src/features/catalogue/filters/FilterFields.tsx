import {
  GENRE_GROUPS,
  GENRES,
  KEY_MODES,
  MOOD_GROUPS,
  MOODS,
  SOUND_KEYS,
  SPEEDS,
  type CodeGroup,
  type KeyGroup,
  type KeyMode,
} from '@sori/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRovingFocus } from '../../../lib/roving';
import { parseBpmInput, searchedBpm } from '../search-conditions';
import { soleGenreOf, useLabelLanguage } from './labels';

/** What an empty upper BPM bound means: no limit. */
export const INFINITY_SIGN = '∞';

interface ChoiceProps<T> {
  value: T;
  onChange: (value: T) => void;
}

/** Genres by group; a group's first choice stands for the whole group (g=N00, DECISIONS 7). */
export function GenreChoices({ value, onChange, name }: ChoiceProps<number | null> & { name: string }) {
  const { t } = useTranslation();
  const lang = useLabelLanguage();
  return (
    <div role="radiogroup" aria-label={t('filters.genre')} className="sori-choice-list">
      <label className="sori-choice">
        <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
        <span>{t('filters.anyGenre')}</span>
      </label>
      {GENRE_GROUPS.map((group) => {
        // A group with one genre is one choice under the genre's name, with no heading repeating it.
        const sole = soleGenreOf(group.code);
        return (
          <div key={group.code} className="sori-choice-group">
            {sole ? null : (
              <div className="sori-choice-heading" aria-hidden="true">
                {group.labels[lang]}
              </div>
            )}
            <label className="sori-choice">
              <input
                type="radio"
                name={name}
                checked={value === group.code || value === sole?.code}
                onChange={() => onChange(group.code)}
              />
              <span>{sole ? sole.labels[lang] : t('filters.groupAll', { group: group.labels[lang] })}</span>
            </label>
            {sole
              ? null
              : GENRES.filter((g) => g.group === group.code).map((genre) => (
                  <label key={genre.code} className="sori-choice">
                    <input type="radio" name={name} checked={value === genre.code} onChange={() => onChange(genre.code)} />
                    <span>{genre.labels[lang]}</span>
                  </label>
                ))}
          </div>
        );
      })}
    </div>
  );
}

export function SpeedChoices({ value, onChange, name }: ChoiceProps<1 | 2 | 3 | 4 | null> & { name: string }) {
  const { t } = useTranslation();
  const lang = useLabelLanguage();
  return (
    <div role="radiogroup" aria-label={t('filters.speed')} className="sori-choice-list">
      <label className="sori-choice">
        <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
        <span>{t('filters.anySpeed')}</span>
      </label>
      {SPEEDS.map((speed) => (
        <label key={speed.value} className="sori-choice">
          <input type="radio" name={name} checked={value === speed.value} onChange={() => onChange(speed.value)} />
          <span>{speed.labels[lang]}</span>
        </label>
      ))}
    </div>
  );
}

/** Several moods may be chosen; a track must have every one (DECISIONS 7). */
export function MoodChoices({ value, onChange }: ChoiceProps<number[]>) {
  const { t } = useTranslation();
  const toggle = (code: number) => onChange(value.includes(code) ? value.filter((m) => m !== code) : [...value, code]);
  const hintId = useId();
  return (
    <div className="sori-chip-groups">
      <span id={hintId} className="visually-hidden">
        {t('filters.chipsHint')}
      </span>
      {MOOD_GROUPS.map((group) => (
        <MoodGroup key={group.code} group={group} value={value} toggle={toggle} hintId={hintId} />
      ))}
      <span className="visually-hidden" aria-live="polite">
        {t('filters.moodsCount', { count: value.length })}
      </span>
    </div>
  );
}

/** One group of moods under its heading: one Tab stop, the arrows among its chips (`useRovingFocus`). */
function MoodGroup({
  group,
  value,
  toggle,
  hintId,
}: {
  group: CodeGroup;
  value: number[];
  toggle: (code: number) => void;
  hintId: string;
}) {
  const lang = useLabelLanguage();
  const moods = MOODS.filter((m) => m.group === group.code);
  const roving = useRovingFocus(
    moods.length,
    moods.findIndex((m) => value.includes(m.code)),
  );
  return (
    <fieldset className="sori-chip-group" aria-describedby={hintId}>
      <legend className="sori-choice-heading">{group.labels[lang]}</legend>
      <div className="sori-chips">
        {moods.map((mood, i) => (
          <label key={mood.code} className={`sori-chip${value.includes(mood.code) ? ' active' : ''}`}>
            <input
              type="checkbox"
              className="visually-hidden"
              checked={value.includes(mood.code)}
              onChange={() => toggle(mood.code)}
              {...roving(i)}
            />
            <span>{mood.labels[lang]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const KEY_GROUPS: readonly KeyGroup[] = ['flat', 'sharp', 'natural'];
/** The keys in the order shown (flat, sharp, natural): the arrows go through them all, across the groups. */
const KEYS_SHOWN = KEY_GROUPS.flatMap((group) => SOUND_KEYS.filter((k) => k.group === group));

/** The 17 keys offered, grouped flat, sharp and natural (PRODUCT §3); one may be chosen. */
export function KeyChoices({ value, onChange }: ChoiceProps<string | null>) {
  const { t } = useTranslation();
  const id = useId();
  // One Tab stop for the 17 keys, on the chosen one when there is one.
  const roving = useRovingFocus(
    KEYS_SHOWN.length,
    KEYS_SHOWN.findIndex((k) => k.name === value),
  );
  return (
    // The 17 keys are one choice (one Tab stop, the arrows across the three groups): named as one group.
    <div className="sori-key-groups" role="group" aria-label={t('filters.key')} aria-describedby={`${id}-hint`}>
      <span id={`${id}-hint`} className="visually-hidden">
        {t('filters.chipsHint')}
      </span>
      {KEY_GROUPS.map((group) => (
        <div key={group} className="sori-key-group" role="group" aria-labelledby={`${id}-${group}`}>
          <span className="sori-choice-heading" id={`${id}-${group}`}>
            {t(`filters.keyGroups.${group}`)}
          </span>
          <div className="sori-chips">
            {SOUND_KEYS.filter((k) => k.group === group).map((key) => (
              <button
                key={key.name}
                type="button"
                className={`sori-chip sori-key${value === key.name ? ' active' : ''}`}
                aria-pressed={value === key.name}
                onClick={() => onChange(value === key.name ? null : key.name)}
                {...roving(KEYS_SHOWN.indexOf(key))}
              >
                {key.name}
              </button>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * Major or minor, one or neither: with a key chosen, that key in that mode (D♭ and minor: D♭ minor); alone,
 * every key of the mode. The key chips match by pitch class whatever the mode (PRODUCT §3).
 */
export function KeyModeChoices({ value, onChange }: ChoiceProps<KeyMode | null>) {
  const { t } = useTranslation();
  const id = useId();
  const roving = useRovingFocus(KEY_MODES.length, value ? KEY_MODES.indexOf(value) : 0);
  return (
    <div className="sori-mode-group" role="group" aria-labelledby={id}>
      <span className="sori-choice-heading" id={id}>
        {t('filters.keyMode')}
      </span>
      <div className="sori-chips">
        {KEY_MODES.map((mode, i) => (
          <button
            key={mode}
            type="button"
            className={`sori-chip sori-key${value === mode ? ' active' : ''}`}
            aria-pressed={value === mode}
            onClick={() => onChange(value === mode ? null : mode)}
            data-testid={`key-mode-${mode}`}
            {...roving(i)}
          >
            {t(`filters.modes.${mode}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

export interface BpmRangeProps {
  min: number | null;
  max: number | null;
  onChange: (min: number | null, max: number | null) => void;
}

/** Two numeric boxes with the placeholders 60 and 180; an empty maximum reads as ∞ (PRODUCT §2). */
export function BpmRange({ min, max, onChange }: BpmRangeProps) {
  const { t } = useTranslation();
  const id = useId();
  // The boxes keep what is typed (an unfinished '1' on the way to '120'); the bounds follow the parse.
  const [text, setText] = useState({ min: min?.toString() ?? '', max: max?.toString() ?? '', from: `${min}:${max}` });
  const from = `${min}:${max}`;
  if (text.from !== from && `${parseBpmInput(text.min)}:${parseBpmInput(text.max)}` !== from) {
    setText({ min: min?.toString() ?? '', max: max?.toString() ?? '', from });
  }
  // The summary says what is searched: 120 to 90 typed is 90–120 BPM.
  const searched = searchedBpm(min, max);
  // What a box holds that is no bound (0, -20, 9999, "fast") is said beside it, not silently dropped.
  const invalid = {
    min: text.min.trim() !== '' && parseBpmInput(text.min) === null,
    max: text.max.trim() !== '' && parseBpmInput(text.max) === null,
  };
  const errorId = `${id}-error`;
  const update = (field: 'min' | 'max', value: string) => {
    const next = { ...text, [field]: value };
    const nextMin = parseBpmInput(next.min);
    const nextMax = parseBpmInput(next.max);
    setText({ ...next, from: `${nextMin}:${nextMax}` });
    if (nextMin !== min || nextMax !== max) onChange(nextMin, nextMax);
  };
  return (
    <div className="sori-bpm">
      <div className="sori-bpm-fields">
        <div>
          <label htmlFor={`${id}-min`} className="form-label small mb-1">
            {t('filters.bpmMin')}
          </label>
          <input
            id={`${id}-min`}
            type="number"
            inputMode="decimal"
            min={1}
            max={999}
            step="any"
            className="form-control form-control-sm"
            placeholder="60"
            value={text.min}
            onChange={(e) => update('min', e.target.value)}
            aria-invalid={invalid.min || undefined}
            aria-describedby={invalid.min ? errorId : undefined}
            data-testid="bpm-min"
          />
        </div>
        <span className="sori-bpm-dash" aria-hidden="true">
          –
        </span>
        <div>
          <label htmlFor={`${id}-max`} className="form-label small mb-1">
            {t('filters.bpmMax')}
          </label>
          <input
            id={`${id}-max`}
            type="number"
            inputMode="decimal"
            min={1}
            max={999}
            step="any"
            className="form-control form-control-sm"
            placeholder="180"
            value={text.max}
            onChange={(e) => update('max', e.target.value)}
            aria-invalid={invalid.max || undefined}
            aria-describedby={invalid.max ? errorId : undefined}
            data-testid="bpm-max"
          />
        </div>
      </div>
      <p id={errorId} className="sori-bpm-error" aria-live="polite" data-testid="bpm-error">
        {invalid.min || invalid.max ? t('filters.bpmInvalid') : null}
      </p>
      <p className="sori-bpm-summary" data-testid="bpm-summary">
        {t('filters.bpmRange', { min: searched.bpmMin ?? 0, max: searched.bpmMax ?? INFINITY_SIGN })}
      </p>
    </div>
  );
}
