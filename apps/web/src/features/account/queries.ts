import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serviceDay, type AccountData } from '@sori/contract';
import { api } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-file';
import { userKeys } from '../auth/queries';
import { sessionStore } from '../auth/session';

/** The account page's data, all under the user's keys (signing out drops it). */
export const accountKeys = {
  consents: () => [...userKeys.all, 'consents'] as const,
  channels: () => [...userKeys.all, 'channels'] as const,
  licences: () => [...userKeys.all, 'licences'] as const,
  sessions: () => [...userKeys.all, 'sessions'] as const,
  alerts: () => [...userKeys.all, 'alerts'] as const,
};

export function useConsentsQuery() {
  return useQuery({ queryKey: accountKeys.consents(), queryFn: ({ signal }) => api.get('/my/consents', { signal }) });
}

export function useChannelsQuery() {
  return useQuery({ queryKey: accountKeys.channels(), queryFn: ({ signal }) => api.get('/my/channels', { signal }) });
}

export function useAccountLicencesQuery() {
  return useQuery({
    queryKey: accountKeys.licences(),
    queryFn: ({ signal }) => api.get('/my/licences', { query: { page: 0, size: 10 }, signal }),
  });
}

export function useProfileMutation() {
  return useMutation({
    mutationFn: (profile: { nick: string; name: string; phone: string; team: string }) =>
      api.patch('/my/user', { ...profile, team: profile.team.trim() ? profile.team : null }),
    onSuccess: (user) => sessionStore.setUser(user),
  });
}

/** Changes the password; this device goes on with the new token the server answers. */
export function usePasswordMutation() {
  return useMutation({
    mutationFn: (form: { currentPassword: string; password: string; confirmPassword: string }) => api.post('/my/password', form),
    onSuccess: (result) => sessionStore.signIn(result.token, result.user),
  });
}

export function useMarketingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agreed: boolean) => api.put('/my/consents/marketing', { agreed }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.consents() }),
  });
}

export function useAddChannelMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api.post('/my/channels', { url }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.channels() }),
  });
}

export function useRemoveChannelMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/my/channels/:id', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.channels() }),
  });
}

/** The member's signed-in devices, this one first. */
export function useSessionsQuery() {
  return useQuery({ queryKey: accountKeys.sessions(), queryFn: ({ signal }) => api.get('/my/sessions', { signal }) });
}

/** Whether a sign-in from a new device is told by mail. */
export function useAlertsQuery() {
  return useQuery({ queryKey: accountKeys.alerts(), queryFn: ({ signal }) => api.get('/my/alerts', { signal }) });
}

/** Turns the new-device mail on or off; the answer is what the server now keeps. */
export function useAlertsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newDevice: boolean) => api.put('/my/alerts', { newDevice }),
    onSuccess: (alerts) => queryClient.setQueryData(accountKeys.alerts(), alerts),
  });
}

/**
 * Signs one device out (`id`), or every other one (`'others'`). The list is fetched again either way: after a
 * refusal too, since a device already signed out (elsewhere, or past its end) is what a 404 means.
 */
export function useEndSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (which: { id: string } | 'others'): Promise<number> =>
      which === 'others'
        ? (await api.delete('/my/sessions')).ended
        : (await api.delete('/my/sessions/:id', { params: { id: which.id } }), 1),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

/** Withdraws the account (the caller ends the session once it has said so). */
export function useWithdrawMutation() {
  return useMutation({ mutationFn: (password: string) => api.post('/my/withdrawal', { password }) });
}

/**
 * Saves everything Sori keeps about the member (`GET /api/my/data`) as one file named by the day in Korean
 * time: the JSON itself (`sori-account-data-2026-11-29.json`), or, given `document`, the HTML it writes from the
 * data (`….html`, `data-document.ts`). Answers the file's name.
 */
export async function saveAccountData(document?: (data: AccountData) => string): Promise<string> {
  const data = await api.get('/my/data');
  const name = `sori-account-data-${serviceDay(new Date(data.exportedAt))}`;
  if (document) {
    saveBlob(new Blob([document(data)], { type: 'text/html;charset=utf-8' }), `${name}.html`);
    return `${name}.html`;
  }
  saveBlob(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }), `${name}.json`);
  return `${name}.json`;
}
