import { useTranslation } from 'react-i18next';
import { TERMS_KO } from './documents';
import { LegalPage } from './LegalPage';

export default function TermsPage() {
  const { t } = useTranslation();
  return <LegalPage title={t('legal.termsTitle')} document={TERMS_KO} />;
}
