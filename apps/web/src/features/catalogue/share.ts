import type { Music } from '@sori/contract';
import type { TFunction } from 'i18next';
import { trackPath } from '../../lib/routes';
import { notices } from '../../lib/notices';

/** The link a shared track opens: its own page, `/track/{id}`, which previews in chat apps (DECISIONS 18). */
export function trackLink(id: number): string {
  return new URL(trackPath(id), window.location.origin).href;
}

/**
 * Copies a track's link and says so; without clipboard access the link is shown to copy by hand: in a notice,
 * or by `manual` where a notice's field could not take the focus (inside a dialog, which keeps it).
 */
export async function copyTrackLink(
  track: Pick<Music, 'id' | 'published'>,
  t: TFunction,
  manual: (link: string) => void = (link) => notices.showCopy(t('tracks.linkManual'), link),
): Promise<void> {
  const link = trackLink(track.id);
  try {
    await navigator.clipboard.writeText(link);
    // An own upload not yet published opens for its owner only: the link would say "not found" to anyone else.
    notices.show('success', t(track.published === false ? 'tracks.linkCopiedPrivate' : 'tracks.linkCopied'));
  } catch {
    manual(link);
  }
}
