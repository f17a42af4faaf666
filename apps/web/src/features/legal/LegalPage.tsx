import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { languageFromTag } from '../../i18n/detect';
import { serviceDay } from '@sori/contract';
import { timelineOn, type LegalDocument } from './documents';

export interface LegalPageProps {
  title: string;
  document: LegalDocument;
}

/**
 * A Korean-only legal document; English and Japanese readers get a notice above the Korean text. It shows the
 * revision in force; an announced revision not yet in force gets a notice with what it changes, and every
 * revision announced so far can be read (`?version=` its effective day), listed under the text.
 */
export function LegalPage({ title, document }: LegalPageProps) {
  const { t, i18n } = useTranslation();
  const today = serviceDay();
  const [params] = useSearchParams();
  const korean = languageFromTag(i18n.language) === 'ko';
  const { current, upcoming, readable } = timelineOn(document, today);
  const asked = readable.find((r) => r.revision.effectiveOn === params.get('version'));
  const shown = asked ?? readable.find((r) => r.revision === current)!;
  const isCurrent = shown.revision === current;
  const versionLink = (effectiveOn: string) => ({ search: effectiveOn === current.effectiveOn ? '' : `?version=${effectiveOn}` });
  // Another version chosen: the link that was pressed may be gone (the notice's) or far below (the list's), so
  // the focus goes to what says which version this is, at the top: the banner, or the title for the text in force.
  const page = useRef<HTMLDivElement>(null);
  const shownVersion = useRef(shown.revision.effectiveOn);
  useEffect(() => {
    if (shownVersion.current === shown.revision.effectiveOn) return;
    shownVersion.current = shown.revision.effectiveOn;
    const target = page.current?.querySelector<HTMLElement>('[data-testid="legal-other-version"]') ?? page.current?.querySelector('h1');
    if (!target) return;
    target.tabIndex = -1;
    target.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [shown.revision.effectiveOn]);
  return (
    <div className="sori-page sori-page-narrow sori-legal" ref={page}>
      <PageHeader title={title} />
      {korean ? null : (
        <Alert variant="secondary" className="sori-legal-notice" data-testid="korean-only-notice">
          {t('legal.koreanOnly')}
        </Alert>
      )}
      {isCurrent && upcoming ? (
        <Alert variant="info" className="sori-legal-notice" data-testid="legal-upcoming">
          <p className="mb-1">{t('legal.upcoming', { date: upcoming.effectiveOn, announced: upcoming.announcedOn })}</p>
          <ul lang="ko" className="mb-1">
            {upcoming.changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
          <Link to={versionLink(upcoming.effectiveOn)} className="alert-link">
            {t('legal.readUpcoming')}
          </Link>
        </Alert>
      ) : null}
      {isCurrent ? null : (
        <Alert variant="warning" className="sori-legal-notice" data-testid="legal-other-version">
          <p className="mb-1">
            {shown.revision.effectiveOn > today
              ? t('legal.showingUpcoming', { date: shown.revision.effectiveOn })
              : t('legal.showingPast', { from: shown.revision.effectiveOn, to: shown.until })}
          </p>
          <Link to={{ search: '' }} className="alert-link">
            {t('legal.readCurrent')}
          </Link>
        </Alert>
      )}
      <p className="sori-legal-dates" data-testid="legal-dates">
        {isCurrent ? (
          <>
            <span>{t('legal.announcedOn', { date: document.announcedOn })}</span>
            <span>{t('legal.effectiveOn', { date: document.effectiveOn })}</span>
            {/* Revised since: when the text below took effect. */}
            {current.effectiveOn !== document.effectiveOn ? (
              <span data-testid="legal-current-since">{t('legal.currentSince', { date: current.effectiveOn })}</span>
            ) : null}
          </>
        ) : (
          <>
            {shown.revision.announcedOn ? <span>{t('legal.announcedOn', { date: shown.revision.announcedOn })}</span> : null}
            <span>{t('legal.effectiveOn', { date: shown.revision.effectiveOn })}</span>
          </>
        )}
      </p>
      <article lang="ko" className="sori-legal-body" data-version={shown.revision.effectiveOn}>
        {shown.revision.sections.map((section, i) => (
          <section key={section.heading ?? i} id={section.id}>
            {section.heading ? <h2 className="h6">{section.heading}</h2> : null}
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.items ? (
              <ol>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ol>
            ) : null}
          </section>
        ))}
      </article>
      {readable.length > 1 ? (
        <nav className="sori-legal-versions" aria-labelledby="legal-versions-title" data-testid="legal-versions">
          <h2 className="h6" id="legal-versions-title">
            {t('legal.versions')}
          </h2>
          <ul>
            {readable.map(({ revision, until }) => (
              <li key={revision.effectiveOn}>
                <Link to={versionLink(revision.effectiveOn)} aria-current={revision === shown.revision ? 'page' : undefined}>
                  {revision === current
                    ? t('legal.versionCurrent', { date: revision.effectiveOn })
                    : revision.effectiveOn > today
                      ? t('legal.versionUpcoming', { date: revision.effectiveOn })
                      : t('legal.versionPast', { from: revision.effectiveOn, to: until })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
