import { licenceDate, type HeldLicence, type Music } from '@sori/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { languageFromTag } from '../../i18n/detect';
import { notices } from '../../lib/notices';
import { saveCertificate, verifyPath } from './queries';

/**
 * Under a downloaded track (the download history is the licence history): a line for each file downloaded,
 * the full track first, then each short edit, marked as that edit: the licence it was downloaded under,
 * when, its certificate and its public verify page. Downloading the file again reuses the licence; a
 * revoked one stays in sight, marked revoked, until a new download issues a new licence.
 */
export function LicenceLine({ track }: { track: Music }) {
  return (
    <>
      {(track.licences ?? []).map((held) => (
        <OneLicence key={held.licenceId} title={track.title} held={held} />
      ))}
    </>
  );
}

/** "Licence SORI-… · issued …", the id kept on one line: it breaks at its hyphens otherwise, and is read and copied whole. */
export function LicenceIdText({ id, date }: { id: string; date: string }) {
  const { t } = useTranslation();
  const [before = '', after = ''] = t('licence.line', { id: '\u0000', date }).split('\u0000');
  return (
    <span className="font-monospace">
      {before}
      <span className="text-nowrap">{id}</span>
      {after}
    </span>
  );
}

/** What a licence's buttons are named after: the track, and the short edit when the licence is for one. */
export function licensedTitle(t: TFunction, title: string, edit: number | undefined): string {
  return edit === undefined ? title : `${title} (${t('trackPage.editName', { seconds: edit })})`;
}

function OneLicence({ title, held }: { title: string; held: HeldLicence }) {
  const { t, i18n } = useTranslation();
  const id = held.licenceId;
  const lang = languageFromTag(i18n.language) ?? 'en';
  const date = held.licensedAt ? licenceDate(held.licensedAt, lang) : '';
  const edit = held.edit === undefined ? null : t('trackPage.editName', { seconds: held.edit });
  // The buttons' names tell the full track's licence from each edit's, as the badge shows sighted users.
  const named = licensedTitle(t, title, held.edit);
  const certificate = () =>
    saveCertificate(id).catch((error: unknown) => {
      console.warn(`[licence] certificate ${id}`, error);
      notices.show('danger', t('licence.certificateFailed'));
    });
  return (
    <span className="sori-licence-line" data-testid="licence-line">
      <LicenceIdText id={id} date={date} />
      {edit ? (
        <span className="badge text-bg-secondary align-self-center" data-testid="licence-edit">
          {edit}
        </span>
      ) : null}
      {held.status === 'revoked' ? (
        <span className="badge text-bg-danger align-self-center" data-testid="licence-revoked">
          {t('licence.revoked')}
        </span>
      ) : null}
      <button
        type="button"
        className="btn btn-link btn-sm p-0"
        onClick={() => void certificate()}
        aria-label={t('licence.certificateOf', { title: named })}
      >
        {t('licence.certificate')}
      </button>
      <Link to={verifyPath(id)} className="btn btn-link btn-sm p-0" aria-label={t('licence.verifyOf', { title: named })}>
        {t('licence.verify')}
      </Link>
    </span>
  );
}
