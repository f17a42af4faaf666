import { licenceDate, type HeldLicence, type Music } from '@sori/contract';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { languageFromTag } from '../../i18n/detect';
import { isApiError } from '../../lib/api-client';
import { failureText } from '../../lib/failure-text';
import { notices } from '../../lib/notices';
import { pressAgain, useAuthModal } from '../auth/AuthModalContext';
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
        <OneLicence key={held.licenceId} track={track} held={held} />
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

function OneLicence({ track, held }: { track: Pick<Music, 'title' | 'artist'>; held: HeldLicence }) {
  const { t, i18n } = useTranslation();
  const { title } = track;
  const id = held.licenceId;
  const lang = languageFromTag(i18n.language) ?? 'en';
  const date = held.licensedAt ? licenceDate(held.licensedAt, lang) : '';
  const edit = held.edit === undefined ? null : t('trackPage.editName', { seconds: held.edit });
  // The buttons' names tell the full track's licence from each edit's, as the badge shows sighted users.
  const named = licensedTitle(t, title, held.edit);
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
      <CertificateButton id={id} title={named} />
      <Link to={verifyPath(id)} className="btn btn-link btn-sm p-0" aria-label={t('licence.verifyOf', { title: named })}>
        {t('licence.verify')}
      </Link>
      {held.status === 'revoked' ? null : <CreditButton id={id} track={track} name={named} />}
    </span>
  );
}

/** A licence's "설명란 문구" button (an active licence's: a revoked one licenses nothing), named after `name`. */
export function CreditButton({ id, track, name }: { id: string; track: Pick<Music, 'title' | 'artist'>; name: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn-link btn-sm p-0"
      onClick={() => void copyCredit(creditText(t, track, id), t)}
      aria-label={t('licence.creditOf', { title: name })}
      data-testid="licence-credit"
    >
      {t('licence.credit')}
    </button>
  );
}

/**
 * The lines a creator puts in their video's description (설명란): the music, the licence and where anyone can
 * check it, in the reader's language. Viewers, a brand or a platform's reviewer see the licence before anyone
 * disputes a claim; the verify page's dispute text is for after one.
 */
export function creditText(t: TFunction, track: Pick<Music, 'title' | 'artist'>, id: string): string {
  const music = track.artist ? `${track.artist} – ${track.title}` : track.title;
  return t('licence.creditText', { music, id, url: new URL(verifyPath(id), window.location.origin).href });
}

/** Copies the credit and says where it goes; without clipboard access the text is shown to copy by hand. */
async function copyCredit(text: string, t: TFunction): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notices.show('success', t('licence.creditCopied'));
  } catch {
    notices.showCopy(t('licence.creditManual'), text);
  }
}

/**
 * A licence's "Certificate" button. The PDF is made on request (about a second), so while it is fetched the
 * button says it is busy (a spinner, aria-busy, and a second press ignored), keeping its name and the focus:
 * it is aria-disabled rather than disabled, since a disabled button drops the focus to the page's start.
 * Then a notice says the file was saved, or why not (a dropped connection as such), as downloads do. A 401
 * (the session ended meanwhile) says so and offers the login modal, as a download does: the screen then gives way
 * to its sign-in prompt, and once signed in again the certificate is fetched, if this licence is on the screen
 * again (signed in as its holder).
 */
export function CertificateButton({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation();
  const { openLoginFor } = useAuthModal();
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Signed in again from the notice, the focus comes back to this licence's button: this one, or the one
  // drawn in its place when the screen gave way to its sign-in prompt meanwhile.
  const backHere = () =>
    button.current?.isConnected
      ? button.current
      : document.querySelector<HTMLElement>(`[data-testid="licence-certificate"][data-licence="${CSS.escape(id)}"]`);
  const save = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const name = await saveCertificate(id);
      notices.show('success', t('licence.certificateSaved', { name }));
    } catch (error) {
      console.warn(`[licence] certificate ${id}`, error);
      if (isApiError(error) && error.kind === 'http' && error.status === 401) {
        notices.show('danger', t('licence.certificateSignedOut'), {
          label: t('user.login'),
          onClick: () => openLoginFor(backHere, pressAgain),
        });
      } else {
        notices.show('danger', failureText(error, t('licence.certificateFailed')));
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      ref={button}
      type="button"
      className={`btn btn-link btn-sm p-0${busy ? ' disabled' : ''}`}
      onClick={() => void save()}
      aria-label={t('licence.certificateOf', { title })}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      data-testid="licence-certificate"
      data-licence={id}
    >
      {busy ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
      {t('licence.certificate')}
    </button>
  );
}
