import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SigninResult } from '@sori/contract';
import { api, isApiError } from '../../lib/api-client';
import { sessionStore } from './session';
import { useSession } from './useSession';

/** Everything that belongs to the signed-in user sits under 'user', so signing out can drop it at once. */
export const userKeys = {
  all: ['user'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};

export interface LoginInput {
  email: string;
  password: string;
}

export interface SignupInput {
  email: string;
  password: string;
  confirmPassword: string;
  name: string;
  phone: string;
  team?: string;
  agreeTerms: boolean;
  agreePrivacy: boolean;
  agreeMarketing: boolean;
}

export function signIn(input: LoginInput): Promise<SigninResult> {
  return api.post('/signin', { email: input.email.trim(), password: input.password });
}

/**
 * Signs out: asks the server to end this session (so the token stops working everywhere), then clears the
 * stored session at once. Fire-and-forget: the request takes the token before the session is cleared, and
 * being offline or a failed request never keeps anyone signed in here.
 */
export function signOut(): void {
  if (sessionStore.getSnapshot().token) api.post('/signout').catch(() => undefined);
  sessionStore.clear();
}

export function useLoginMutation() {
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => sessionStore.signIn(result.token, result.user),
  });
}

/** Signs up, then signs in with the same credentials: a new member lands signed in, as users expect. */
export function useSignupMutation() {
  return useMutation({
    mutationFn: async (input: SignupInput) => {
      await api.post('/signup', {
        email: input.email.trim(),
        password: input.password,
        confirmPassword: input.confirmPassword,
        name: input.name.trim(),
        phone: input.phone.trim(),
        team: input.team?.trim() ? input.team.trim() : null,
        agreeTerms: input.agreeTerms,
        agreePrivacy: input.agreePrivacy,
        agreeMarketing: input.agreeMarketing,
      });
      return signIn({ email: input.email, password: input.password });
    },
    onSuccess: (result) => sessionStore.signIn(result.token, result.user),
  });
}

/**
 * Refreshes the stored user from the server once a token exists (PRODUCT §4). A refresh the server
 * refuses clears the session; a network failure keeps it, so being offline never signs anyone out.
 */
export function useUserRefresh(): void {
  const { token } = useSession();
  const query = useQuery({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => api.get('/my/user', { signal }),
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
  });
  useEffect(() => {
    if (query.data) sessionStore.setUser(query.data);
  }, [query.data]);
  useEffect(() => {
    if (isApiError(query.error) && query.error.kind === 'http') sessionStore.clear();
  }, [query.error]);
}
