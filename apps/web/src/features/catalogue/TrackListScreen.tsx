import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { LoginRequired } from '../auth/LoginRequired';
import { useSession } from '../auth/useSession';
import { useTracksQuery, type TrackSource } from './queries';
import { TrackTable } from './TrackTable';

export interface TrackListScreenProps {
  title: string;
  subtitle?: string;
  source: TrackSource;
  /** Personal screens ask a visitor to sign in instead of listing. */
  requiresLogin: boolean;
  loginBody?: string;
  /** Shows the search bar (library and playlist detail). */
  searchable?: boolean;
  emptyTitle: string;
  emptyBody: string;
  /** The load-failure text of spec section 8 for this list. */
  loadFailed: string;
  headerExtra?: ReactNode;
}

/**
 * One screen listing tracks: header, optional search bar, the table, a simple pager. The search text and
 * page live in the URL (DECISIONS 16), so reload, back and shared links keep them.
 */
export function TrackListScreen(props: TrackListScreenProps) {
  const { title, subtitle, source, requiresLogin, loginBody, searchable, headerExtra } = props;
  const { token } = useSession();
  const blocked = requiresLogin && token === null;
  return (
    <div className="sori-page">
      <PageHeader title={title} subtitle={subtitle} actions={headerExtra}>
        {searchable && !blocked ? <SearchBar /> : null}
      </PageHeader>
      {blocked ? <LoginRequired body={loginBody ?? ''} /> : <TrackResults {...props} source={source} />}
    </div>
  );
}

function SearchBar() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = text.trim();
    // Spec section 5: search text is trimmed; an empty one is not searched (it clears the search).
    setParams(q ? { q } : {});
  };

  return (
    <Form role="search" onSubmit={handleSubmit} className="sori-search mt-3" data-testid="search-bar">
      <Form.Label htmlFor="track-search" className="visually-hidden">
        {t('search.label')}
      </Form.Label>
      <div className="sori-search-field">
        <Icon name="search" className="sori-search-icon" />
        <Form.Control
          id="track-search"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
        />
        <Button type="submit" variant="primary">
          {t('search.submit')}
        </Button>
      </div>
    </Form>
  );
}

function TrackResults({ title, source, emptyTitle, emptyBody, loadFailed }: TrackListScreenProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const tracks = useTracksQuery({ source, page, q });

  const goTo = (next: number) => {
    const copy = new URLSearchParams(params);
    if (next <= 1) copy.delete('page');
    else copy.set('page', String(next));
    setParams(copy);
  };

  if (tracks.isPending) {
    return (
      <div className="sori-page-loading" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    );
  }
  if (tracks.isError) {
    return (
      <Alert variant="danger" role="alert">
        {loadFailed}
      </Alert>
    );
  }
  const data = tracks.data;
  if (data.content.length === 0) {
    return q ? (
      <EmptyState icon="search" title={t('tracks.noResults')} body={t('tracks.tryAnother')} testId="empty-state" />
    ) : (
      <EmptyState icon="music" title={emptyTitle} body={emptyBody} testId="empty-state" />
    );
  }
  return (
    <section aria-label={title}>
      <p className="small text-body-secondary mb-2" aria-live="polite">
        {t('tracks.count', { count: data.totalElements })}
      </p>
      <TrackTable tracks={data.content} caption={title} />
      {data.totalPages > 1 ? (
        <nav aria-label={t('pagination.label')} className="d-flex align-items-center justify-content-center gap-3 mt-3">
          <Button variant="outline-secondary" size="sm" disabled={data.first} onClick={() => goTo(page - 1)}>
            {t('pagination.previous')}
          </Button>
          <span className="small">{t('pagination.status', { page, total: data.totalPages })}</span>
          <Button variant="outline-secondary" size="sm" disabled={data.last} onClick={() => goTo(page + 1)}>
            {t('pagination.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
