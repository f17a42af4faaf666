import { useMemo } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { RetryAlert } from '../../components/RetryAlert';
import { privacyPolicy } from './documents';
import { LegalPage } from './LegalPage';
import { useSiteQuery } from './queries';

/** The privacy policy names the deployment's privacy officer and entrusted companies (`GET /api/site`). */
export default function PrivacyPage() {
  const { t } = useTranslation();
  const site = useSiteQuery();
  const document = useMemo(() => (site.data ? privacyPolicy(site.data) : null), [site.data]);
  if (document) return <LegalPage title={t('legal.privacyTitle')} document={document} />;
  return (
    <div className="sori-page sori-page-narrow sori-legal">
      <PageHeader title={t('legal.privacyTitle')} />
      {site.isError ? (
        <RetryAlert text={t('legal.loadFailed')} onRetry={() => void site.refetch()} testId="legal-load-failed" />
      ) : (
        <p role="status">
          <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
          {t('common.loading')}
        </p>
      )}
    </div>
  );
}
