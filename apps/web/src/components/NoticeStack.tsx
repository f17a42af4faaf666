import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { notices } from '../lib/notices';

/**
 * Shows the app's notices at the top right, under the navigation. Errors are announced at once
 * (role="alert"); confirmations politely (role="status"). A notice stays while the pointer is over it or the
 * focus in it (lib/notices.ts); the stack comes right after the navigation in the page, so that its buttons
 * are a few Tabs from the top rather than after the footer.
 */
export function NoticeStack() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(notices.subscribe, notices.getSnapshot, notices.getSnapshot);
  return (
    <div className="sori-notices" data-testid="notices">
      {list.map((notice) => (
        <div
          key={notice.id}
          className={`sori-notice alert alert-${notice.tone} d-flex align-items-start gap-2 mb-0`}
          role={notice.tone === 'danger' ? 'alert' : 'status'}
          onMouseEnter={() => notices.hold(notice.id)}
          onMouseLeave={(event) => {
            if (!event.currentTarget.contains(document.activeElement)) notices.release(notice.id);
          }}
          onFocus={() => notices.hold(notice.id)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null) && !event.currentTarget.matches(':hover')) {
              notices.release(notice.id);
            }
          }}
          data-testid="notice"
          data-tone={notice.tone}
        >
          <span className="sori-notice-text flex-grow-1">{notice.text}</span>
          {notice.action ? (
            <button
              type="button"
              className="sori-notice-action btn btn-sm btn-link p-0 fw-semibold"
              onClick={() => {
                notices.dismiss(notice.id);
                notice.action?.onClick();
              }}
            >
              {notice.action.label}
            </button>
          ) : null}
          <button
            type="button"
            className="btn-close btn-close-sm"
            aria-label={t('common.close')}
            onClick={() => notices.dismiss(notice.id)}
          />
        </div>
      ))}
    </div>
  );
}
