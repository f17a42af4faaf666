import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MissingPage } from '../components/MissingPage';
import { ROUTES } from '../lib/routes';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <MissingPage
      icon="search"
      title={t('notFound.title')}
      body={t('notFound.body')}
      action={
        <Link to={ROUTES.home} className="btn btn-primary">
          {t('notFound.home')}
        </Link>
      }
    />
  );
}
