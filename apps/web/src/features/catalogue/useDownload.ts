import { useQueryClient } from '@tanstack/react-query';
import type { EditSeconds, Music } from '@sori/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client';
import { notices } from '../../lib/notices';
import { ROUTES } from '../../lib/routes';
import { saveAs } from '../../lib/save-file';
import { pressedControl, useAuthModal, type ReturnFocus } from '../auth/AuthModalContext';
import { sessionStore } from '../auth/session';
import { downloadFailure, downloadGate, type DownloadFailure } from './download-gate';
import { invalidateDownloads, requestDownload } from './queries';

/**
 * The download flow (PRODUCT §5 and §8): signed in, the track has a file, level 5 or more; then the
 * server records the download and answers a short-lived link, and the file is saved with its name. A
 * short edit (15, 30 or 60 s) goes through the same gates and is licensed as its own file.
 */
export function useDownload(): (track: Music, edit?: EditSeconds) => Promise<void> {
  const { t } = useTranslation();
  const { openLoginFor } = useAuthModal();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const messages: Record<DownloadFailure, string> = {
    login: t('download.errors.login'),
    noFile: t('download.errors.noFile'),
    level: t('download.errors.level'),
    failed: t('download.errors.failed'),
    error: t('download.errors.error'),
  };
  // A member below the download level is offered the plans (downloads come with premium and family). Signed
  // in from "login required", the focus goes back to the download control that was pressed (`from`), and
  // the download asked for starts (`again`), through the same gates: a member below the level then hears so.
  const actions = (from: ReturnFocus, again: () => void): Partial<Record<DownloadFailure, { label: string; onClick: () => void }>> => ({
    login: { label: t('user.login'), onClick: () => openLoginFor(from, again) },
    level: { label: t('plan.see'), onClick: () => void navigate(ROUTES.plan) },
  });

  // With `edit`, the track's short edit of that many seconds, under the same rules (PRODUCT §16).
  const download = async (track: Music, edit?: EditSeconds): Promise<void> => {
    // The control pressed: it has the focus as it is pressed (a click on a button in Chromium and Firefox,
    // Enter or Space everywhere); none when the click left it on the page (Safari).
    const from = pressedControl();
    const fail = (why: DownloadFailure) => notices.show('danger', messages[why], actions(from, () => void download(track, edit))[why]);
    const session = sessionStore.getSnapshot();
    let gate = downloadGate({ token: session.token, level: session.user?.level ?? null }, track);
    if (gate === 'level') {
      // The stored level may predate an upgrade: ask the server once before saying no.
      try {
        const user = await api.get('/my/user');
        sessionStore.setUser(user);
        gate = downloadGate({ token: sessionStore.getSnapshot().token, level: user.level }, track);
      } catch {
        // Keep the stored answer.
      }
    }
    if (gate !== 'ok') {
      fail(gate);
      return;
    }
    try {
      const ticket = await requestDownload(track.id, edit);
      saveAs(ticket.url, ticket.fileName || track.fileName || `${track.title}`);
      // With the licence it comes under (none for one's own upload not yet published): where its proof is.
      const started = t('download.started', { name: ticket.fileName });
      notices.show('success', ticket.licenceId ? `${started} ${t('download.licensed', { id: ticket.licenceId })}` : started);
      invalidateDownloads(queryClient, track.id);
    } catch (error) {
      console.warn(`[download] track ${track.id}${edit ? ` (${edit} s edit)` : ''}`, error);
      fail(downloadFailure(error));
    }
  };
  return download;
}
