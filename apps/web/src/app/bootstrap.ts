import type { QueryClient } from '@tanstack/react-query';
import { api, configureApiClient } from '../lib/api-client';
import { i18n, currentLanguage } from '../i18n';
import { sessionStore } from '../features/auth/session';
import { userKeys } from '../features/auth/queries';
import { startTokenRefresh } from '../features/auth/token-refresh';
import { trapModalFocus } from '../lib/modal-focus';
import { noteFailedChunks } from '../lib/stale-chunks';

/** Wires the framework-free modules together once, before the first render. */
export function wireApp(queryClient: QueryClient): void {
  configureApiClient({
    getToken: () => sessionStore.getSnapshot().token,
    getLanguage: currentLanguage,
    onUnauthorized: () => sessionStore.clear(),
    networkErrorMessage: () => i18n.t('errors.network'),
  });

  // Tab stays inside an open dialog, whichever modal it is.
  trapModalFocus();

  // A lazy chunk of an older build that failed to download is known as such by the boundary that meets it.
  noteFailedChunks();

  // An active user stays signed in: each token is exchanged for a fresh one of the same session before it lapses.
  startTokenRefresh({ store: sessionStore, refresh: () => api.post('/token/refresh') });

  // Whenever the signed-in identity changes (sign-in, sign-out, a 401 anywhere, another tab), data that
  // belonged to the previous identity must go, and lists carrying per-user flags (liked) must refetch.
  let token = sessionStore.getSnapshot().token;
  sessionStore.subscribe(() => {
    const next = sessionStore.getSnapshot().token;
    if (next === token) return;
    token = next;
    if (next === null) {
      // Signed out: nothing of the user may be fetched again without a session (each would be a 401).
      // Requests under way are cancelled and the user's queries go back to empty without refetching;
      // screens still showing them unmount or wait, disabled, for a session.
      void queryClient.cancelQueries({ queryKey: userKeys.all });
      for (const query of queryClient.getQueryCache().findAll({ queryKey: userKeys.all })) query.reset();
    } else {
      // reset (not remove) so screens still observing a user query start over from an empty state.
      void queryClient.resetQueries({ queryKey: userKeys.all });
    }
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== userKeys.all[0] });
  });
}
