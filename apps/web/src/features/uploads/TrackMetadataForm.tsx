import { BPM_RANGE, GENRE_GROUPS, GENRES, SOUND_KEYS, type KeyGroup, type Music, type TrackMetadataRequest } from '@sori/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { keptLength, keptText, TextLimit, textLimitState } from '../../components/form/TextLimit';
import { joinSentences } from '../../i18n/grammar';
import { useUnsavedWork } from '../../lib/unsaved';
import { MoodChoices } from '../catalogue/filters/FilterFields';
import { useLabelLanguage } from '../catalogue/filters/labels';
import { keyLabel } from '../catalogue/key-label';
import { SuggestionConfirm } from './SuggestionConfirm';
import { useTrackUpdateMutation } from './queries';

export interface Draft {
  title: string;
  artist: string;
  genre: string;
  moods: number[];
  soundKey: string;
  /** '' (measured / unknown), 'major' or 'minor'. */
  keyMode: string;
  bpm: string;
}

const draftOf = (track: Music): Draft => ({
  title: track.title,
  artist: track.artist ?? '',
  genre: track.genre === null ? '' : String(track.genre),
  moods: [...track.moods],
  soundKey: track.soundkey ?? '',
  keyMode: track.keyMode ?? '',
  bpm: track.bpm === null ? '' : String(track.bpm),
});

/**
 * Only what the uploader changed is sent; an emptied field sends null, which restores the measured value. The
 * title and artist go as the server keeps them (`keptText`: NFC, spaces folded), which is what the form counts
 * against their limits: sent as typed, a title pasted in decomposed Hangul (a macOS file name) counted two or
 * three characters a syllable at the server and was refused while the form showed it well inside the limit.
 */
export function changesOf(before: Draft, after: Draft): TrackMetadataRequest {
  const changes: TrackMetadataRequest = {};
  if (keptText(after.title) !== keptText(before.title)) changes.title = keptText(after.title);
  if (keptText(after.artist) !== keptText(before.artist)) changes.artist = keptText(after.artist) || null;
  if (after.genre !== before.genre) changes.genre = after.genre ? Number(after.genre) : null;
  if ([...after.moods].sort().join() !== [...before.moods].sort().join()) changes.moods = after.moods.length ? after.moods : null;
  if (after.soundKey !== before.soundKey) changes.soundKey = after.soundKey || null;
  if (after.keyMode !== before.keyMode) changes.keyMode = after.keyMode === 'major' || after.keyMode === 'minor' ? after.keyMode : null;
  if (after.bpm.trim() !== before.bpm.trim()) changes.bpm = after.bpm.trim() ? Number(after.bpm) : null;
  return changes;
}

/** A review typed and not saved, with the values its form started from (so that what counts as changed does
 * not move with a suggestion confirmed meanwhile): kept by the upload queue while the form is off screen. */
export interface KeptReview {
  initial: Draft;
  draft: Draft;
}

export interface TrackMetadataFormProps {
  track: Music;
  /** Called with the saved track (or the unchanged one when nothing was changed). */
  onSaved: (track: Music) => void;
  onCancel?: () => void;
  /** Shows the values Sori measured or read as suggestions to review (right after an upload). */
  suggested?: boolean;
  /** Called with the track as it now stands when a suggestion is confirmed above the form. */
  onTrackChange?: (track: Music) => void;
  /** A review typed on an earlier showing of this form, to take up again. */
  kept?: KeptReview | null;
  /**
   * Given, the form hands what is typed and not saved here (null once nothing is) instead of holding the tab
   * open itself: the holder keeps it for when the form shows again.
   */
  onKeep?: (kept: KeptReview | null) => void;
}

/**
 * The key list's groups, naturals first: typing A in the list picks A, not A♭ then A♯ first (the filter's
 * chips keep the specification's flat, sharp, natural order).
 */
const KEY_GROUPS: readonly KeyGroup[] = ['natural', 'sharp', 'flat'];

/**
 * Review and correct a track's metadata (the suggested BPM, key, genre and moods of an upload).
 * BPM and key are measured from the audio; an empty box puts the measured value back.
 */
export function TrackMetadataForm({ track, onSaved, onCancel, suggested, onTrackChange, kept, onKeep }: TrackMetadataFormProps) {
  const { t } = useTranslation();
  const lang = useLabelLanguage();
  const id = useId();
  const update = useTrackUpdateMutation();
  const [initial, setInitial] = useState(() => kept?.initial ?? draftOf(track));
  const [draft, setDraft] = useState(() => kept?.draft ?? initial);
  const [error, setError] = useState<string | null>(null);
  // The track as the summary shows it: a suggestion confirmed above the form is the track's own from then on.
  const [shown, setShown] = useState(track);
  // A number box holds no value while what is typed is not a number ("12e", "-"): the browser says so
  // (validity.badInput), and that must not read as an empty box, which keeps the measured BPM.
  const [bpmUnreadable, setBpmUnreadable] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  // Typed and not saved: handed to the holder (an upload's review, kept in the upload queue), or else held
  // here while the form shows, so that closing the tab asks first (lib/unsaved.ts).
  const dirty = bpmUnreadable || Object.keys(changesOf(initial, draft)).length > 0;
  useUnsavedWork('changes', !onKeep && dirty);
  useEffect(() => {
    onKeep?.(dirty ? { initial, draft } : null);
    // onKeep is the holder's callback, new on each of its renders: what is kept changes only with these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dirty, initial, draft]);

  const bpmValue = draft.bpm.trim() === '' ? null : Number(draft.bpm);
  const bpmInvalid =
    bpmUnreadable || (bpmValue !== null && (!Number.isFinite(bpmValue) || bpmValue < BPM_RANGE.min || bpmValue > BPM_RANGE.max));
  const titleMissing = draft.title.trim() === '';
  // Title and artist take whatever is typed or pasted (no maxLength, which cut a long paste without a word):
  // near their limit they count, past it they say so and the form does not save.
  const titleLength = keptLength(draft.title);
  const artistLength = keptLength(draft.artist);
  const titleLimit = textLimitState('title', titleLength);
  const artistLimit = textLimitState('artist', artistLength);
  const titleInvalid = titleMissing || titleLimit === 'over';
  const artistInvalid = artistLimit === 'over';
  const titleRef = useRef<HTMLInputElement>(null);
  const artistRef = useRef<HTMLInputElement>(null);
  const bpmRef = useRef<HTMLInputElement>(null);
  // Whether the analysis gave a BPM and a key, as far as the track says (its own value, or one awaiting
  // confirmation): when it gave none, an empty box brings nothing back, so nothing may promise a measured value.
  const bpmMeasured = shown.bpm !== null || shown.suggested?.bpm != null;
  const keyMeasured = shown.soundkey !== null || shown.suggested?.soundkey != null;
  const which = bpmMeasured && keyMeasured ? 'both' : bpmMeasured ? 'bpm' : keyMeasured ? 'key' : null;
  const missing = !bpmMeasured && !keyMeasured ? 'both' : !bpmMeasured ? 'bpm' : !keyMeasured ? 'key' : null;
  const hint = joinSentences(
    [
      which ? t(`upload.measuredHint.${which}`) : null,
      missing ? t(`upload.notMeasured.${missing}`) : null,
      which ? t('upload.unsureHint') : null,
    ].filter((part) => part !== null),
    lang,
  );

  // A confirmed suggestion is the track's own value from then on: the fields show it, as they show a value the
  // analysis was sure of, where the uploader has not chosen another. It moves the form's starting values with
  // it, so it does not count as a change to save, and what the uploader typed stays as typed.
  const adoptConfirmed = (saved: Music) => {
    const now = draftOf(saved);
    const patch: Partial<Draft> = {
      ...(draft.soundKey === initial.soundKey && draft.keyMode === initial.keyMode ? { soundKey: now.soundKey, keyMode: now.keyMode } : {}),
      ...(draft.bpm.trim() === initial.bpm.trim() ? { bpm: now.bpm } : {}),
    };
    setInitial((i) => ({ ...i, ...patch }));
    setDraft((d) => ({ ...d, ...patch }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (titleInvalid || artistInvalid || bpmInvalid) {
      // The first field to mend takes the focus; its message is read with it (aria-describedby).
      (titleInvalid ? titleRef : artistInvalid ? artistRef : bpmRef).current?.focus();
      return;
    }
    if (update.isPending) return;
    const changes = changesOf(initial, draft);
    if (Object.keys(changes).length === 0) {
      onSaved(track);
      return;
    }
    setError(null);
    update.mutate(
      { id: track.id, changes },
      {
        onSuccess: (saved) => onSaved(saved),
        onError: (failure) => setError(failure.message || t('upload.saveFailed')),
      },
    );
  };

  return (
    <Form noValidate onSubmit={handleSubmit} className="sori-meta-form" data-testid="metadata-form">
      {suggested ? (
        <p className="sori-meta-suggested" data-testid="suggested">
          <span>{t('upload.suggested')}</span>
          {/* A value measured but not sure enough to publish shows as the suggestion below offers it, marked. */}
          <span className="sori-meta-fact" data-testid="measured-bpm">
            {t('tracks.bpm')}{' '}
            <strong>{shown.bpm ?? (shown.suggested?.bpm != null ? `${shown.suggested.bpm} (${t('upload.unconfirmed')})` : '-')}</strong>
          </span>
          <span className="sori-meta-fact" data-testid="measured-key">
            {t('tracks.key')}{' '}
            <strong>
              {shown.soundkey === null && shown.suggested?.soundkey
                ? `${keyLabel(shown.suggested.soundkey, shown.suggested.keyMode, lang)} (${t('upload.unconfirmed')})`
                : keyLabel(shown.soundkey, shown.keyMode, lang)}
            </strong>
          </span>
          <span className="sori-meta-fact">
            {t('tracks.time')} <strong>{track.duration ?? '-'}</strong>
          </span>
        </p>
      ) : null}
      {/* Always mounted: once the last value is confirmed it still says so, and holds the focus. */}
      <SuggestionConfirm
        track={track}
        onConfirmed={(saved) => {
          setShown(saved);
          adoptConfirmed(saved);
          onTrackChange?.(saved);
        }}
      />
      {error ? (
        <Alert variant="danger" className="py-2 small" role="alert">
          {error}
        </Alert>
      ) : null}
      <div className="row g-3">
        <Form.Group className="col-sm-6" controlId={`${id}-title`}>
          <Form.Label>{t('upload.fields.title')}</Form.Label>
          <Form.Control
            ref={titleRef}
            value={draft.title}
            onChange={(e) => set({ title: e.target.value })}
            isInvalid={titleInvalid}
            aria-invalid={titleInvalid}
            aria-describedby={titleMissing ? `${id}-title-error` : titleLimit !== 'quiet' ? `${id}-title-limit` : undefined}
            required
            data-testid="meta-title"
          />
          {titleMissing ? (
            <Form.Control.Feedback type="invalid" id={`${id}-title-error`}>
              {t('upload.titleRequired')}
            </Form.Control.Feedback>
          ) : null}
          <TextLimit id={`${id}-title-limit`} field="title" length={titleLength} />
        </Form.Group>
        <Form.Group className="col-sm-6" controlId={`${id}-artist`}>
          <Form.Label>{t('upload.fields.artist')}</Form.Label>
          <Form.Control
            ref={artistRef}
            value={draft.artist}
            onChange={(e) => set({ artist: e.target.value })}
            isInvalid={artistInvalid}
            aria-invalid={artistInvalid}
            aria-describedby={artistLimit !== 'quiet' ? `${id}-artist-limit` : undefined}
            data-testid="meta-artist"
          />
          <TextLimit id={`${id}-artist-limit`} field="artist" length={artistLength} />
        </Form.Group>
        <Form.Group className="col-sm-6 col-lg-4" controlId={`${id}-genre`}>
          <Form.Label>{t('filters.genre')}</Form.Label>
          <Form.Select value={draft.genre} onChange={(e) => set({ genre: e.target.value })} data-testid="meta-genre">
            <option value="">{t('upload.notSet')}</option>
            {GENRE_GROUPS.map((group) => (
              <optgroup key={group.code} label={group.labels[lang]}>
                {GENRES.filter((g) => g.group === group.code).map((genre) => (
                  <option key={genre.code} value={genre.code}>
                    {genre.labels[lang]}
                  </option>
                ))}
              </optgroup>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-sm-3 col-lg-4" controlId={`${id}-key`}>
          <Form.Label>{t('tracks.key')}</Form.Label>
          <Form.Select
            value={draft.soundKey}
            // Another key makes the measured mode meaningless: it is cleared unless the uploader chose one.
            onChange={(e) => set({ soundKey: e.target.value, keyMode: draft.keyMode === initial.keyMode ? '' : draft.keyMode })}
            data-testid="meta-key"
          >
            <option value="">{keyMeasured ? t('upload.measured') : t('upload.notSet')}</option>
            {KEY_GROUPS.map((group) => (
              <optgroup key={group} label={t(`filters.keyGroups.${group}`)}>
                {SOUND_KEYS.filter((k) => k.group === group).map((key) => (
                  <option key={key.name} value={key.name}>
                    {key.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-sm-3 col-lg-4" controlId={`${id}-mode`}>
          <Form.Label>{t('keyMode.label')}</Form.Label>
          <Form.Select value={draft.keyMode} onChange={(e) => set({ keyMode: e.target.value })} data-testid="meta-key-mode">
            <option value="">{t('upload.notSet')}</option>
            <option value="major">{t('keyMode.major')}</option>
            <option value="minor">{t('keyMode.minor')}</option>
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-sm-3 col-lg-4" controlId={`${id}-bpm`}>
          <Form.Label>{t('tracks.bpm')}</Form.Label>
          <Form.Control
            type="number"
            inputMode="decimal"
            min={BPM_RANGE.min}
            max={BPM_RANGE.max}
            ref={bpmRef}
            value={draft.bpm}
            placeholder={bpmMeasured ? t('upload.measured') : t('upload.notSet')}
            onChange={(e) => {
              setBpmUnreadable(e.target.validity.badInput);
              set({ bpm: e.target.value });
            }}
            isInvalid={bpmInvalid}
            aria-invalid={bpmInvalid}
            aria-describedby={bpmInvalid ? `${id}-bpm-error` : undefined}
            data-testid="meta-bpm"
          />
          <Form.Control.Feedback type="invalid" id={`${id}-bpm-error`}>
            {t('upload.bpmRange', { min: BPM_RANGE.min, max: BPM_RANGE.max })}
          </Form.Control.Feedback>
        </Form.Group>
        <fieldset className="col-12">
          <legend className="form-label fs-6 mb-2">{t('filters.moods')}</legend>
          <div className="sori-meta-moods">
            <MoodChoices value={draft.moods} onChange={(moods) => set({ moods })} />
          </div>
        </fieldset>
      </div>
      <p className="form-text mt-2 mb-0" data-testid="measured-hint">
        {hint}
      </p>
      <div className="d-flex justify-content-end gap-2 mt-3">
        {onCancel ? (
          <Button variant="outline-secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button type="submit" variant="primary" disabled={update.isPending} data-testid="meta-save">
          {update.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
          {t('upload.save')}
        </Button>
      </div>
    </Form>
  );
}
