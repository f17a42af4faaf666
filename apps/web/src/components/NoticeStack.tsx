import { useEffect, useRef, useSyncExternalStore } from 'react';
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
    // Laid over the page: a control reached by Tab is kept clear of it (lib/focus-clear.ts).
    <div className="sori-notices" data-testid="notices" data-covers="auto">
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
          {notice.copy === undefined ? (
            <span className="sori-notice-text flex-grow-1">{notice.text}</span>
          ) : (
            <div className="flex-grow-1 sori-notice-body">
              <span className="sori-notice-text" id={`notice-${notice.id}`}>
                {notice.text}
              </span>
              <CopyField text={notice.copy} labelledBy={`notice-${notice.id}`} />
            </div>
          )}
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

/**
 * The text to copy by hand, in a read-only field that takes the focus with the text selected as it appears
 * (the reader has just pressed a copy button: Ctrl+C or the phone's copy finishes the job), and selects it
 * all again whenever it is focused.
 */
function CopyField({ text, labelledBy }: { text: string; labelledBy: string }) {
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  return (
    <textarea
      ref={field}
      className="form-control form-control-sm sori-notice-copy mt-2"
      readOnly
      value={text}
      rows={Math.min(4, text.split('\n').length + 1)}
      aria-labelledby={labelledBy}
      onFocus={(event) => event.currentTarget.select()}
      data-testid="notice-copy"
    />
  );
}
