import type { Music } from '@sori/contract';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { trackPath } from '../../lib/routes';
import { joinList } from '../../i18n/grammar';
import { player } from '../player/player';
import { genreLabel, moodLabel, useLabelLanguage } from './filters/labels';
import { keyLabel } from './key-label';
import { copyTrackLink } from './share';

export interface TrackDetailsPanelProps {
  track: Music;
  onClose: () => void;
  show?: boolean;
}

/**
 * The row menu's 'details' (DECISIONS 18): title, artist, genre, moods, key, BPM and duration. When the clipboard
 * refuses the track's link, the link waits in the panel's own field, focused and selected: the panel keeps the
 * focus in itself, so a notice's field (outside it) could not take it.
 */
export default function TrackDetailsPanel({ track, onClose, show = true }: TrackDetailsPanelProps) {
  const { t } = useTranslation();
  const lang = useLabelLanguage();
  const [manual, setManual] = useState<{ id: number; link: string } | null>(null);
  const manualLink = manual?.id === track.id ? manual.link : null;
  const manualField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (manualLink === null) return;
    manualField.current?.focus();
    manualField.current?.select();
  }, [manualLink, manual]);
  const rows: [string, string][] = [
    [t('tracks.artist'), track.artist || t('tracks.unknownArtist')],
    [t('filters.genre'), track.genre !== null ? genreLabel(track.genre, lang) : '-'],
    [
      t('filters.moods'),
      track.moods.length
        ? joinList(
            track.moods.map((m) => moodLabel(m, lang)),
            lang,
          )
        : '-',
    ],
    [t('tracks.key'), keyLabel(track.soundkey, track.keyMode, lang)],
    [t('tracks.bpm'), track.bpm !== null ? String(track.bpm) : '-'],
    [t('tracks.time'), track.duration || '-'],
  ];
  return (
    <Offcanvas
      show={show}
      onHide={onClose}
      placement="end"
      className="sori-details"
      aria-labelledby="track-details-title"
      data-testid="track-details"
    >
      <Offcanvas.Header closeButton closeLabel={t('common.close')}>
        <Offcanvas.Title id="track-details-title" as="h2" className="h5 m-0">
          {t('tracks.details')}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <div className="sori-details-head">
          {track.cover ? (
            <img src={track.cover} alt="" width={96} height={96} className="sori-details-cover" />
          ) : (
            <span className="sori-details-cover sori-cover-empty" aria-hidden="true">
              <Icon name="music" size={32} />
            </span>
          )}
          <p className="sori-details-title" data-testid="details-title">
            {track.title}
          </p>
        </div>
        <dl className="sori-details-list" data-testid="details-list">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="d-flex flex-wrap gap-2">
          <Button
            variant="primary"
            className="d-inline-flex align-items-center gap-2"
            onClick={() => player.play(track)}
            data-testid="details-play"
          >
            <Icon name="play" filled size={16} />
            {t('player.play')}
          </Button>
          <Button
            variant="outline-secondary"
            className="d-inline-flex align-items-center gap-2"
            onClick={() => void copyTrackLink(track, t, (link) => setManual({ id: track.id, link }))}
          >
            <Icon name="link" size={16} />
            {t('tracks.share')}
          </Button>
          <Link
            to={trackPath(track.id)}
            className="btn btn-outline-secondary d-inline-flex align-items-center gap-2"
            onClick={onClose}
            data-testid="details-open-page"
          >
            <Icon name="info" size={16} />
            {t('tracks.openPage')}
          </Link>
        </div>
        {manualLink !== null ? (
          <div className="mt-3">
            <label htmlFor="track-details-link" className="form-label small">
              {t('tracks.linkManual')}
            </label>
            <input
              ref={manualField}
              id="track-details-link"
              className="form-control form-control-sm"
              readOnly
              value={manualLink}
              onFocus={(event) => event.currentTarget.select()}
              data-testid="details-link"
            />
          </div>
        ) : null}
      </Offcanvas.Body>
    </Offcanvas>
  );
}
