import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../lib/routes';
import type { SiteInfo } from '@sori/contract';
import { useSiteQuery } from '../../features/legal/queries';
import { languageFromTag } from '../../i18n/detect';
import { Logo } from '../../components/Logo';

/**
 * PRODUCT §1: in Korean the footer carries the company details, terms and privacy links, support
 * e-mail and phone; in English and Japanese a short copyright line, with the terms and privacy links too (the
 * pages must be reachable in every language). The details come from the site
 * configuration (DECISIONS 20).
 */
export function Footer() {
  const { i18n } = useTranslation();
  const site = useSiteQuery();
  const korean = languageFromTag(i18n.language) === 'ko';

  return (
    <footer className="sori-footer" data-testid="footer">
      <div className="container-xxl px-3 px-lg-4">{korean ? <KoreanFooter site={site.data} /> : <ShortFooter site={site.data} />}</div>
    </footer>
  );
}

function Copyright({ site }: { site: SiteInfo | undefined }) {
  const { t } = useTranslation();
  return (
    <p className="sori-copyright m-0" data-testid="footer-copyright">
      {site?.copyright || t('footer.copyright', { year: new Date().getFullYear() })}
    </p>
  );
}

/** The terms and privacy links, in every language (the documents are Korean; their pages say so). */
function LegalLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('footer.legal')} className="sori-footer-links">
      <Link to={ROUTES.terms} data-testid="footer-terms">
        {t('footer.terms')}
      </Link>
      <Link to={ROUTES.privacy} className="fw-semibold" data-testid="footer-privacy">
        {t('footer.privacy')}
      </Link>
    </nav>
  );
}

/**
 * English and Japanese: the short copyright line of PRODUCT §1, the two legal links, and a way to reach support
 * (the support e-mail, which the Korean footer lists among the company details).
 */
function ShortFooter({ site }: { site: SiteInfo | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-column flex-sm-row gap-2 justify-content-between align-items-sm-center">
      <Copyright site={site} />
      <div className="d-flex flex-wrap gap-2 column-gap-4 align-items-start">
        {site?.supportEmail ? (
          <a href={`mailto:${site.supportEmail}`} data-testid="footer-contact">
            {t('footer.contact')}
          </a>
        ) : null}
        <LegalLinks />
      </div>
    </div>
  );
}

function KoreanFooter({ site }: { site: SiteInfo | undefined }) {
  const { t } = useTranslation();
  const rows: { label: string; value: string | undefined; href?: string }[] = site
    ? [
        { label: t('footer.representative'), value: site.representative },
        { label: t('footer.businessNumber'), value: site.businessNumber },
        { label: t('footer.mailOrderNumber'), value: site.mailOrderNumber },
        { label: t('footer.address'), value: site.address },
        { label: t('footer.email'), value: site.supportEmail, href: `mailto:${site.supportEmail}` },
        { label: t('footer.phone'), value: site.supportPhone, href: `tel:${site.supportPhone.replace(/[^\d+]/gu, '')}` },
      ]
    : [];
  return (
    <div className="d-flex flex-column flex-md-row gap-4 justify-content-between" data-testid="footer-company">
      <div className="sori-footer-company">
        <div className="d-flex align-items-center gap-2 mb-2">
          <Logo size={22} />
          <strong>{site?.companyName || t('app.name')}</strong>
        </div>
        <dl className="sori-footer-details m-0">
          {rows
            .filter((row) => row.value)
            .map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.href ? <a href={row.href}>{row.value}</a> : row.value}</dd>
              </div>
            ))}
        </dl>
        <div className="mt-2">
          <Copyright site={site} />
        </div>
      </div>
      <LegalLinks />
    </div>
  );
}
