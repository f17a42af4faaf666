import { DEFAULT_PAGE_SIZE, SCROLL_AFTER_PAGE_CHANGE_MS } from '@sori/contract';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { RetryAlert } from '../../components/RetryAlert';
import { failureText } from '../../lib/failure-text';
import { LoginRequired } from '../auth/LoginRequired';
import { useSession } from '../auth/useSession';
import { preloadPlayerBar } from '../player/player-bar-loader';
import { Pagination } from './Pagination';
import { useTracksQuery, type TrackSource } from './queries';
import { SearchBar } from './SearchBar';
import { conditionsFromParams, conditionsToParams, hasConditions, hasFilters, NO_CONDITIONS, pageFromParams } from './search-conditions';
import { sortFromParams } from './sort';
import { SortMenu } from './SortMenu';
import { TrackTable, type TrackTableProps } from './TrackTable';

export interface TrackListScreenProps {
  title: ReactNode;
  /** The table's accessible name (the title as text). */
  label: string;
  subtitle?: ReactNode;
  source: TrackSource;
  /** Personal screens ask a visitor to sign in instead of listing. */
  requiresLogin: boolean;
  loginBody?: string;
  /** Shows the search bar (library and playlist detail). */
  searchable?: boolean;
  emptyTitle: string;
  emptyBody: string;
  /** The load-failure text of PRODUCT §8 for this list. */
  loadFailed: string;
  /** Its search-failure text, when the list is searched. */
  searchFailed?: string;
  headerExtra?: ReactNode;
  /** Shown between the header and the list (the upload form). */
  before?: ReactNode;
  table?: Pick<TrackTableProps, 'extraActions' | 'renderBadge' | 'onRemove'>;
  /**
   * /favorite and /download list the virtual playlists 0 and -1 as screens of their own, whose rows keep
   * their actions (DECISIONS 21); only the playlist manager's entries hide them (PRODUCT §2).
   */
  keepsActions?: boolean;
}

/**
 * One screen listing tracks: header, optional search bar, the table and the pager. Conditions and page
 * live in the URL (DECISIONS 16), so reload, back and shared links keep them, and entering a screen from
 * the sidebar (no query) loads its page 1.
 */
export function TrackListScreen(props: TrackListScreenProps) {
  const { title, subtitle, requiresLogin, loginBody, searchable, headerExtra, before } = props;
  const { token } = useSession();
  const blocked = requiresLogin && token === null;
  return (
    <div className="sori-page">
      <PageHeader title={title} subtitle={subtitle} actions={blocked ? null : headerExtra}>
        {searchable && !blocked ? <SearchBar /> : null}
      </PageHeader>
      {blocked ? (
        <LoginRequired body={loginBody ?? ''} />
      ) : (
        <>
          {before}
          <TrackResults {...props} />
        </>
      )}
    </div>
  );
}

function TrackResults({ label, source, emptyTitle, emptyBody, loadFailed, searchFailed, table, keepsActions }: TrackListScreenProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const conditions = useMemo(() => conditionsFromParams(params), [params]);
  const page = pageFromParams(params);
  const sort = sortFromParams(params);
  const tracks = useTracksQuery({ source, page, conditions, sort });
  const section = useRef<HTMLElement>(null);
  const searched = hasConditions(conditions);

  useEffect(() => preloadPlayerBar(), []);

  const totalPages = tracks.data?.totalPages ?? 0;
  // The rows on screen are the asked page's own, not the previous page's kept while it loads.
  const pageShown = tracks.isSuccess && !tracks.isPlaceholderData;
  useEffect(() => {
    // A page past the end (a stale link, the last track of the last page deleted) shows the last page.
    if (pageShown && totalPages > 0 && page > totalPages) {
      setParams(conditionsToParams(conditions, totalPages, params), { replace: true });
    }
  }, [pageShown, totalPages, page, conditions, params, setParams]);

  // PRODUCT §4: the conditions stay and, 100 ms later, the table scrolls into view; if the page's rows
  // are not in yet, once they are (a table that changes height mid-scroll stops short of its place).
  // The timer marks the scroll due and re-renders; the effect scrolls once the rows are in (a ref, not state,
  // so the effect does not set state).
  const scrollDue = useRef(false);
  const [scrollAsked, setScrollAsked] = useState(0);
  const goTo = (next: number) => {
    setParams(conditionsToParams(conditions, next, params));
    window.setTimeout(() => {
      scrollDue.current = true;
      setScrollAsked((n) => n + 1);
    }, SCROLL_AFTER_PAGE_CHANGE_MS);
  };
  useEffect(() => {
    if (!scrollDue.current || !pageShown) return;
    scrollDue.current = false;
    section.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [scrollAsked, pageShown]);

  // The list itself: the skeleton while it first loads, a failure, the empty panel, or the table.
  const results = () => {
    if (tracks.isPending) return <TableSkeleton />;
    if (tracks.isError) {
      // PRODUCT §8: a failed load gives an empty list and its message.
      return (
        <RetryAlert
          text={failureText(tracks.error, searched && searchFailed ? searchFailed : loadFailed)}
          onRetry={() => void tracks.refetch()}
          testId="list-error"
        />
      );
    }
    const data = tracks.data;
    if (data.content.length === 0) {
      if (hasFilters(conditions)) {
        // Filters found nothing: the way out is one click, not one tag at a time.
        const clearFilters = () => setParams(conditionsToParams({ ...NO_CONDITIONS, q: conditions.q }, 1, params));
        return (
          <EmptyState
            icon="filter"
            title={t('tracks.noResults')}
            body={t('emptyFilters.body')}
            testId="empty-state"
            action={
              <Button variant="outline-secondary" onClick={clearFilters} data-testid="empty-clear-filters">
                {t('filters.clearAll')}
              </Button>
            }
          />
        );
      }
      return searched ? (
        <EmptyState icon="search" title={t('tracks.noResults')} body={t('tracks.tryAnother')} testId="empty-state" />
      ) : (
        <EmptyState icon="music" title={emptyTitle} body={emptyBody} testId="empty-state" />
      );
    }
    return (
      <section
        ref={section}
        aria-label={label}
        className={`sori-results${tracks.isPlaceholderData ? ' is-updating' : ''}`}
        data-testid="results"
      >
        <div className="sori-results-head">
          <p className="sori-results-count" aria-hidden="true" data-testid="result-count">
            {t('tracks.count', { count: data.totalElements })}
          </p>
          <SortMenu q={conditions.q} listOrder={source.kind === 'playlist'} />
        </div>
        <TrackTable
          tracks={data.content}
          caption={label}
          playlistId={source.kind === 'playlist' && !keepsActions ? source.playlistId : undefined}
          highlight={conditions.q}
          {...table}
        />
        <Pagination page={Math.min(page, Math.max(1, data.totalPages))} totalPages={data.totalPages} onChange={goTo} />
      </section>
    );
  };

  // One polite live region, mounted from the first load on, says what the list now holds: loading, the count, or
  // that nothing was found. A region mounted with its text is often not read, so the count's own line (and the
  // empty panel) could not say it: searching into nothing was silent, and back to results too. The visible
  // count is hidden from screen readers, which hear it here.
  const said = tracks.isPending
    ? t('common.loading')
    : tracks.isError
      ? '' // the error is an alert of its own
      : tracks.data.content.length > 0
        ? t('tracks.count', { count: tracks.data.totalElements })
        : searched
          ? t('tracks.noResults')
          : emptyTitle;
  // A new search whose answer reads as the last did (the same count) is still said: the words are put in afresh,
  // keyed by the search they answer, and a screen reader reads what is added to a live region. Only a list
  // that is shown counts, not the last one kept on screen while the next loads, nor a refetch of the same.
  const asked = JSON.stringify([source, page, conditions, sort]);
  const [answered, setAnswered] = useState(asked);
  if (pageShown && answered !== asked) setAnswered(asked);
  return (
    <>
      <p className="visually-hidden" role="status" data-testid="result-announcement">
        <span key={answered}>{said}</span>
      </p>
      {results()}
    </>
  );
}

/** What loads in place of the table: the same rows' height, so nothing below jumps when it arrives. */
function TableSkeleton() {
  return (
    <section className="sori-results" aria-busy="true" data-testid="results-loading">
      <p className="sori-results-count">
        <span className="sori-skeleton-line" style={{ width: '6rem' }} />
      </p>
      <div className="sori-track-table-wrap">
        <table className="table sori-track-table align-middle mb-0" aria-hidden="true">
          <tbody>
            {Array.from({ length: DEFAULT_PAGE_SIZE }, (_, i) => (
              <tr key={i} className="sori-track-row">
                <td className="sori-col-cover">
                  <span className="sori-cover sori-skeleton-block" />
                </td>
                <td className="sori-col-title">
                  <span className="sori-skeleton-line" style={{ width: `${40 + ((i * 37) % 40)}%` }} />
                  <span className="sori-skeleton-line small" style={{ width: `${20 + ((i * 17) % 25)}%` }} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
