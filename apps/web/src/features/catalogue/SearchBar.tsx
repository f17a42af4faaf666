import { FILTER_BAR_THRESHOLD_PX } from '@sori/contract';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Icon } from '../../components/Icon';
import { FilterBar } from './filters/FilterBar';
import { SelectedTags } from './filters/SelectedTags';
import { SearchScheduler, type SearchRequest } from './search-scheduler';
import { conditionsFromParams, conditionsKey, conditionsToParams, countFilters, type SearchConditions } from './search-conditions';

const FilterModal = lazy(() => import('./filters/FilterModal'));

/**
 * The search bar of the library and of a playlist (PRODUCT §2 and §4): the text box, the advanced form
 * (filter dropdowns, selected-filter tags, the filter modal) and, once the intro has scrolled away, the
 * same dropdowns in a bar under the navigation. What is searched lives in the URL (DECISIONS 16); this
 * component keeps a draft of what is being typed or picked and the scheduler decides when it is searched.
 */
export function SearchBar() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => conditionsFromParams(params), [params]);
  const appliedKey = conditionsKey(applied);
  // `key` is the URL this draft is in step with; `pending` the URL a search of this bar is on its way to
  // (the router commits navigations as transitions, after the typing that may follow them).
  const [draft, setDraft] = useState<{ key: string; pending: string | null; conditions: SearchConditions }>({
    key: appliedKey,
    pending: null,
    conditions: applied,
  });
  if (draft.key !== appliedKey) {
    // Our own search landed: keep what is being typed. Anything else (back, forward, a link) shows what
    // is searched now.
    if (appliedKey === draft.pending) setDraft({ ...draft, key: appliedKey, pending: null });
    else setDraft({ key: appliedKey, pending: null, conditions: applied });
  }
  const conditions = draft.conditions;

  const lastWasTyping = useRef(false);
  const [scheduler] = useState(() => new SearchScheduler(() => undefined));
  useEffect(() => {
    scheduler.setRunner((request: SearchRequest) => {
      const next = conditionsToParams(request.conditions, 1, params);
      // A search typed in pauses replaces the entry of the one typed just before it, so Back leaves the
      // search instead of stepping through every pause.
      const replace = request.debounced && lastWasTyping.current;
      lastWasTyping.current = request.debounced;
      const target = conditionsKey(request.conditions);
      // Enter after the pause already searched the same thing, on page 1: no second history entry (Back
      // would seem to do nothing).
      if (target === appliedKey && !params.has('page')) return;
      setDraft((d) => (target === d.key ? d : { ...d, pending: target }));
      setParams(next, { replace });
    });
  }, [scheduler, params, appliedKey, setParams]);
  useEffect(() => () => scheduler.cancel(), [scheduler]);

  const changeText = (q: string) => {
    const next = { ...conditions, q };
    setDraft((d) => ({ ...d, conditions: next }));
    // An emptied box leaves the text search at once: no stale results, highlight or ?q= behind it.
    if (q.trim() === '' && applied.q !== '') scheduler.textCleared(next);
    else scheduler.textChanged(next);
  };
  const changeFilters = (next: SearchConditions) => {
    setDraft((d) => ({ ...d, conditions: next }));
    scheduler.filtersChanged(next);
  };
  // Filters set from outside the panels (a tag removed, all cleared, the sheet applied): the BPM boxes start
  // again from what is searched, leaving no number that was not a bound, nor its message, behind.
  const [applyCount, setApplyCount] = useState(0);
  const applyFilters = (next: SearchConditions) => {
    setDraft((d) => ({ ...d, conditions: next }));
    setApplyCount((n) => n + 1);
    scheduler.applyFilters(next);
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    scheduler.submitText(conditions);
  };

  const root = useRef<HTMLDivElement>(null);
  const scrolledPast = useScrolledPastIntro(root);
  const [modalOpen, setModalOpen] = useState(0);
  const filterCount = countFilters(conditions);

  return (
    <div ref={root} className="sori-search mt-3" data-testid="search-bar">
      <Form role="search" onSubmit={handleSubmit} aria-label={t('search.label')}>
        <div className="sori-search-field">
          <Form.Label htmlFor="track-search" className="visually-hidden">
            {t('search.label')}
          </Form.Label>
          <Icon name="search" className="sori-search-icon" />
          <span className="sori-search-input">
            <Form.Control
              id="track-search"
              type="search"
              value={conditions.q}
              onChange={(e) => changeText(e.target.value)}
              placeholder={t('search.placeholder')}
              autoComplete="off"
              enterKeyHint="search"
              maxLength={200}
              data-testid="search-input"
            />
            {conditions.q ? (
              <button
                type="button"
                className="sori-icon-btn sori-search-clear"
                aria-label={t('search.clear')}
                title={t('search.clear')}
                onClick={() => {
                  changeText('');
                  document.getElementById('track-search')?.focus();
                }}
                data-testid="search-clear"
              >
                <Icon name="close" size={16} />
              </button>
            ) : null}
          </span>
          <Button type="submit" variant="primary" data-testid="search-submit">
            {t('search.submit')}
          </Button>
          <Button
            variant="outline-secondary"
            className="sori-search-filters-btn"
            onClick={() => setModalOpen((n) => n + 1)}
            aria-label={filterCount ? undefined : t('filters.open')}
            data-testid="open-filter-modal"
          >
            <Icon name="filter" />
            {/* With filters set, the name is the text seen, said in full ("필터 2개 선택됨"): a label that
                reworded it ("필터, 2개 선택됨") did not contain the visible "필터 2", which voice control users say. */}
            <span className="d-none d-sm-inline">{t('filters.open')}</span>
            {filterCount ? (
              <>
                <span className="visually-hidden d-sm-none">{t('filters.open')} </span>
                <span className="sori-count-badge">{filterCount}</span>
                <span className="visually-hidden">{t('filters.selectedSuffix')}</span>
              </>
            ) : null}
          </Button>
        </div>
      </Form>
      <div className="sori-advanced" data-testid="advanced-form">
        <FilterBar conditions={conditions} onChange={changeFilters} testIdPrefix="filter" applied={applyCount} />
        <SelectedTags conditions={conditions} onRemove={applyFilters} />
      </div>
      <div
        className={`sori-compact-filters${scrolledPast ? ' show' : ''}`}
        data-covers="top"
        data-testid="compact-filters"
        aria-hidden={!scrolledPast}
        inert={!scrolledPast}
      >
        <div className="sori-compact-inner">
          <button
            type="button"
            className="sori-icon-btn"
            aria-label={t('search.backToSearch')}
            title={t('search.backToSearch')}
            onClick={() => {
              window.scrollTo({ top: 0, behavior: 'smooth' });
              document.getElementById('track-search')?.focus({ preventScroll: true });
            }}
          >
            <Icon name="search" />
          </button>
          {conditions.q ? <span className="sori-compact-q text-truncate">“{conditions.q}”</span> : null}
          <FilterBar conditions={conditions} onChange={changeFilters} testIdPrefix="compact" applied={applyCount} />
        </div>
      </div>
      {modalOpen > 0 ? (
        <Suspense fallback={null}>
          <FilterModal
            key={modalOpen}
            show
            conditions={conditions}
            onClose={() => setModalOpen(0)}
            onApply={(next) => {
              setModalOpen(0);
              applyFilters(next);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * True once the page's intro (its header) has scrolled up past the threshold of PRODUCT §9: its
 * bottom edge above 50 px from the top of the window when the intro has a title, 115 px otherwise.
 */
function useScrolledPastIntro(inside: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const intro = inside.current?.closest('.sori-page-header');
    if (!intro) return;
    const threshold = intro.querySelector('.sori-page-title') ? FILTER_BAR_THRESHOLD_PX.withTitle : FILTER_BAR_THRESHOLD_PX.withoutTitle;
    let frame = 0;
    const check = () => {
      frame = 0;
      setPast(intro.getBoundingClientRect().bottom < threshold);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [inside]);
  return past;
}
