import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../components/Icon';
import { pageSlots } from './pagination';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

/**
 * The pager (PRODUCT §2): first, previous, up to five numbered pages around the current one with
 * ellipses and first/last page shortcuts, next, last. Hidden when everything fits on one page.
 */
export function Pagination({ page, totalPages, onChange }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const atStart = page <= 1;
  const atEnd = page >= totalPages;
  const step = (icon: IconName, label: string, target: number, disabled: boolean, testId: string) => (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      <button
        type="button"
        className="page-link"
        onClick={() => onChange(target)}
        disabled={disabled}
        aria-label={label}
        title={label}
        data-testid={testId}
      >
        <Icon name={icon} size={16} />
      </button>
    </li>
  );
  return (
    <nav aria-label={t('pagination.label')} className="sori-pagination" data-testid="pagination">
      <ul className="pagination mb-0">
        {step('chevronsLeft', t('pagination.first'), 1, atStart, 'page-first')}
        {step('chevronLeft', t('pagination.previous'), page - 1, atStart, 'page-prev')}
        {pageSlots(page, totalPages).map((slot) =>
          slot.kind === 'gap' ? (
            <li key={`gap-${slot.key}`} className="page-item disabled sori-page-gap" aria-hidden="true" data-testid="page-gap">
              <span className="page-link">…</span>
            </li>
          ) : (
            <li key={slot.page} className={`page-item${slot.page === page ? ' active' : ''}`}>
              <button
                type="button"
                className="page-link"
                onClick={() => onChange(slot.page)}
                aria-current={slot.page === page ? 'page' : undefined}
                data-testid="page-number"
              >
                {slot.page}
              </button>
            </li>
          ),
        )}
        {step('chevronRight', t('pagination.next'), page + 1, atEnd, 'page-next')}
        {step('chevronsRight', t('pagination.last'), totalPages, atEnd, 'page-last')}
      </ul>
    </nav>
  );
}
