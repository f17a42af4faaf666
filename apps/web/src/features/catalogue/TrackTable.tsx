import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Music } from '@sori/contract';
import { Icon } from '../../components/Icon';

export interface TrackTableProps {
  tracks: readonly Music[];
  /** Accessible name of the table, e.g. the screen's title. */
  caption: string;
}

/** A first, read-only version of the track table (spec section 2); issue 5 adds playback and actions. */
export function TrackTable({ tracks, caption }: TrackTableProps) {
  const { t } = useTranslation();
  return (
    <div className="sori-track-table-wrap">
      <table className="table sori-track-table align-middle mb-0" data-testid="track-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="sori-col-cover">
              <span className="visually-hidden">{t('tracks.cover')}</span>
            </th>
            <th scope="col">{t('tracks.title')}</th>
            <th scope="col" className="d-none d-md-table-cell">
              {t('tracks.wave')}
            </th>
            <th scope="col" className="text-end">
              {t('tracks.time')}
            </th>
            <th scope="col" className="d-none d-sm-table-cell text-center">
              {t('tracks.key')}
            </th>
            <th scope="col" className="d-none d-sm-table-cell text-end">
              {t('tracks.bpm')}
            </th>
          </tr>
        </thead>
        <tbody>
          {tracks.map((track) => (
            <tr key={track.id} data-testid="track-row">
              <td className="sori-col-cover">
                {track.cover ? (
                  <img src={track.cover} alt="" width={40} height={40} loading="lazy" className="sori-cover" />
                ) : (
                  <span className="sori-cover sori-cover-empty" aria-hidden="true">
                    <Icon name="music" size={16} />
                  </span>
                )}
              </td>
              <td className="sori-col-title">
                <div className="fw-semibold text-truncate">{track.title}</div>
                <div className="small text-body-secondary text-truncate">{track.artist || t('tracks.unknownArtist')}</div>
              </td>
              <td className="d-none d-md-table-cell sori-col-wave">
                <WaveImage url={track.waveUrl} />
              </td>
              <td className="text-end font-monospace small">{track.duration || '-'}</td>
              <td className="d-none d-sm-table-cell text-center small">{track.soundkey || '-'}</td>
              <td className="d-none d-sm-table-cell text-end small">{track.bpm ?? '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The track's 220×25 waveform image; a missing or broken image gives way to the 'no waveform' text. */
function WaveImage({ url }: { url: string | null }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (!url || failed) return <span className="small text-body-secondary">{t('tracks.noWave')}</span>;
  return (
    <img
      src={url}
      alt=""
      width={220}
      height={25}
      loading="lazy"
      decoding="async"
      className="sori-wave"
      onError={() => setFailed(true)}
    />
  );
}
