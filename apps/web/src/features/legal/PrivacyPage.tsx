import { useTranslation } from 'react-i18next';
import { PRIVACY_KO } from './documents';
import { LegalPage } from './LegalPage';

export default function PrivacyPage() {
  const { t } = useTranslation();
  return <LegalPage title={t('legal.privacyTitle')} document={PRIVACY_KO} />;
}
