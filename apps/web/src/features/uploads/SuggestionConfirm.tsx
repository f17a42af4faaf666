import type { Music, TrackMetadataRequest } from '@sori/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingButton } from '../../components/form/PendingButton';
import { useLabelLanguage } from '../catalogue/filters/labels';
import { keyLabel } from '../catalogue/key-label';
import { useTrackUpdateMutation } from './queries';

/**
 * What the analysis measured without being sure enough to publish it (`Music.suggested`): "Suggested:
 * 128 BPM — Confirm". Confirming writes the value as the track's own; until then the track has no BPM or
 * key in search. A confirmed value is said (a status line), and focus goes to the next Confirm button, or to
 * that line, rather than to the page's start when the button it was on goes away.
 */
export function SuggestionConfirm({ track, onConfirmed }: { track: Music; onConfirmed?: (saved: Music) => void }) {
  const { t } = useTranslation();
  const lang = useLabelLanguage();
  const update = useTrackUpdateMutation();
  const [confirmed, setConfirmed] = useState<{ bpm: boolean; key: boolean }>({ bpm: false, key: false });
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [moved, setMoved] = useState(0);
  // The value being confirmed: its button is busy (and keeps the focus); a press on the other waits for it.
  const [pressed, setPressed] = useState<'bpm' | 'key' | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (moved > 0) (listRef.current?.querySelector('button') ?? doneRef.current)?.focus();
  }, [moved]);
  const s = track.suggested;
  if (!s && !done) return null;
  const confirm = (what: 'bpm' | 'key') => {
    if (!s || update.isPending) return;
    const changes: TrackMetadataRequest = what === 'bpm' ? { bpm: s.bpm } : { soundKey: s.soundkey, keyMode: s.keyMode };
    const said = what === 'bpm' ? t('keyMode.confirmedBpm', { bpm: s.bpm }) : t('keyMode.confirmedKey', { key });
    setFailed(false);
    setPressed(what);
    update.mutate(
      { id: track.id, changes },
      {
        onSuccess: (saved) => {
          onConfirmed?.(saved);
          setConfirmed((c) => ({ ...c, [what]: true }));
          setDone(said);
          setMoved((n) => n + 1);
        },
        onError: () => setFailed(true),
      },
    );
  };
  const key = s ? keyLabel(s.soundkey, s.keyMode, lang) : '';
  const rows = [
    s && s.bpm !== null && !confirmed.bpm
      ? { what: 'bpm' as const, text: t('keyMode.suggestedBpm', { bpm: s.bpm }), label: t('keyMode.confirmBpm', { bpm: s.bpm }) }
      : null,
    s && s.soundkey !== null && !confirmed.key
      ? { what: 'key' as const, text: t('keyMode.suggestedKey', { key }), label: t('keyMode.confirmKey', { key }) }
      : null,
  ].filter((r) => r !== null);
  if (rows.length === 0 && !done) return null;
  return (
    <div className="sori-meta-unsure mb-3" data-testid="unsure-suggestions">
      {rows.length > 0 ? <p className="form-text mt-0 mb-2">{t('keyMode.unsure')}</p> : null}
      <ul ref={listRef} className="list-unstyled m-0 d-flex flex-wrap gap-3">
        {rows.map((r) => (
          <li key={r.what} className="d-flex align-items-center gap-2">
            <span data-testid={`suggested-${r.what}`}>{r.text}</span>
            <span aria-hidden="true">—</span>
            <PendingButton
              size="sm"
              variant="outline-secondary"
              aria-label={r.label}
              pending={update.isPending && pressed === r.what}
              onClick={() => confirm(r.what)}
              data-testid={`confirm-${r.what}`}
            >
              {t('keyMode.confirm')}
            </PendingButton>
          </li>
        ))}
      </ul>
      <p ref={doneRef} tabIndex={-1} role="status" className="small mt-2 mb-0" data-testid="confirmed-suggestion">
        {done}
      </p>
      {failed ? (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {t('keyMode.confirmFailed')}
        </p>
      ) : null}
    </div>
  );
}
