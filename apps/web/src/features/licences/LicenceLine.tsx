import { licenceDate, type Music } from '@sori/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { languageFromTag } from '../../i18n/detect';
import { notices } from '../../lib/notices';
import { saveCertificate, verifyPath } from './queries';

/**
 * Under a downloaded track (the download history is the licence history): the licence it was downloaded
 * under, when, its certificate and its public verify page. Downloading the track again reuses the licence;
 * a revoked one stays in sight, marked revoked, until a new download issues a new licence.
 */
export function LicenceLine({ track }: { track: Music }) {
  const { t, i18n } = useTranslation();
  if (!track.licenceId) return null;
  const id = track.licenceId;
  const lang = languageFromTag(i18n.language) ?? 'en';
  const date = track.licensedAt ? licenceDate(track.licensedAt, lang) : '';
  const certificate = () =>
    saveCertificate(id).catch((error: unknown) => {
      console.warn(`[licence] certificate ${id}`, error);
      notices.show('danger', t('licence.certificateFailed'));
    });
  return (
    <span className="sori-licence-line" data-testid="licence-line">
      <span className="font-monospace">{t('licence.line', { id, date })}</span>
      {track.licenceStatus === 'revoked' ? (
        <span className="badge text-bg-danger align-self-center" data-testid="licence-revoked">
          {t('licence.revoked')}
        </span>
      ) : null}
      <button
        type="button"
        className="btn btn-link btn-sm p-0"
        onClick={() => void certificate()}
        aria-label={t('licence.certificateOf', { title: track.title })}
      >
        {t('licence.certificate')}
      </button>
      <Link to={verifyPath(id)} className="btn btn-link btn-sm p-0" aria-label={t('licence.verifyOf', { title: track.title })}>
        {t('licence.verify')}
      </Link>
    </span>
  );
}
