import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { languageFromTag } from '../../i18n/detect';
import type { LegalDocument } from './documents';

export interface LegalPageProps {
  title: string;
  document: LegalDocument;
}

/** A Korean-only legal document; English and Japanese readers get a notice above the Korean text. */
export function LegalPage({ title, document }: LegalPageProps) {
  const { t, i18n } = useTranslation();
  const korean = languageFromTag(i18n.language) === 'ko';
  return (
    <div className="sori-page sori-page-narrow sori-legal">
      <PageHeader title={title} />
      {korean ? null : (
        <Alert variant="secondary" className="sori-legal-notice" data-testid="korean-only-notice">
          {t('legal.koreanOnly')}
        </Alert>
      )}
      <p className="sori-legal-dates" data-testid="legal-dates">
        <span>{t('legal.announcedOn', { date: document.announcedOn })}</span>
        <span>{t('legal.effectiveOn', { date: document.effectiveOn })}</span>
        {/* Revised since: when the text below took effect, the version the account page says was agreed to. */}
        {document.currentSince !== document.effectiveOn ? (
          <span data-testid="legal-current-since">{t('legal.currentSince', { date: document.currentSince })}</span>
        ) : null}
      </p>
      <article lang="ko" className="sori-legal-body">
        {document.sections.map((section) => (
          <section key={section.heading} id={section.id}>
            <h2 className="h6">{section.heading}</h2>
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
    </div>
  );
}
