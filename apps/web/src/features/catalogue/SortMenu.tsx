import type { SortDir, SortField } from '@sori/contract';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { effectiveSort, sortFromParams, sortToParams } from './sort';

export interface SortMenuProps {
  /** The searched text: best match is offered only when there is some. */
  q: string;
  /** A playlist (liked, downloaded or one's own): its newest-first order is the order tracks were added. */
  listOrder: boolean;
}

/**
 * The sort of a track list: two labelled selects (what to sort by, and which way), kept in the URL as
 * `sort` and `sortOrder`. Each change is a history entry, so Back returns to the previous order.
 */
export function SortMenu({ q, listOrder }: SortMenuProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const choice = sortFromParams(params);
  const { field, dir } = effectiveSort(choice, q, listOrder);
  const fields: { value: SortField; label: string }[] = [
    ...(q.trim() ? [{ value: 'relevance' as const, label: t('sort.relevance') }] : []),
    { value: 'id', label: listOrder ? t('sort.added') : t('sort.newest') },
    { value: 'popularity', label: t('sort.popularity') },
    { value: 'title', label: t('sort.title') },
    { value: 'bpm', label: t('sort.bpm') },
    { value: 'duration', label: t('sort.duration') },
  ];
  return (
    <div className="sori-sort" data-testid="sort-menu">
      <Form.Label htmlFor="sort-field" className="sori-sort-label">
        {t('sort.label')}
      </Form.Label>
      <Form.Select
        id="sort-field"
        size="sm"
        value={field}
        // A new field starts in its own natural direction (newest, most popular and best match first).
        onChange={(e) => setParams(sortToParams({ field: e.target.value as SortField, dir: null }, params))}
        data-testid="sort-field"
      >
        {fields.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
      <Form.Select
        size="sm"
        aria-label={t('sort.direction')}
        value={dir}
        onChange={(e) => setParams(sortToParams({ field, dir: e.target.value as SortDir }, params))}
        data-testid="sort-dir"
      >
        <option value="asc">{t('sort.asc')}</option>
        <option value="desc">{t('sort.desc')}</option>
      </Form.Select>
    </div>
  );
}
