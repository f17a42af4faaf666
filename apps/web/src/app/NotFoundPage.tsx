import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../components/EmptyState';
import { ROUTES } from '../lib/routes';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="sori-page">
      <h1 className="visually-hidden">{t('notFound.title')}</h1>
      <EmptyState
        icon="search"
        title={t('notFound.title')}
        body={t('notFound.body')}
        action={
          <Link to={ROUTES.home} className="btn btn-primary">
            {t('notFound.home')}
          </Link>
        }
      />
    </div>
  );
}
