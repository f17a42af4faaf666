import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Music, Page } from '@sori/contract';
import { configureApiClient } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { musicKeys, useLikeMutation } from './queries';

const track = (liked: boolean) => ({ id: 122, title: 'Golden Dreams 122', liked }) as unknown as Music;
const page = (liked: boolean): Page<Music> => ({
  content: [track(liked)],
  totalElements: 1,
  totalPages: 1,
  number: 0,
  size: 20,
  first: true,
  last: true,
});
const KEY = [...musicKeys.lists({ kind: 'catalogue' }), 1];

describe('a like pressed while its list is still loading', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is not undone by the list landing after it: the load is stopped and made again once the server has the like', async () => {
    const likes: unknown[] = [];
    configureApiClient({
      fetch: vi.fn<typeof fetch>(async (input, init) => {
        likes.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ body: { musicId: 122, liked: true } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
      getToken: () => 'tok',
      onUnauthorized: () => undefined,
    });
    const client = createQueryClient();
    client.setQueryData(KEY, page(false));
    // The list the sign-in reloads: slow, and holding the flag as it was before the like.
    const answers: ((p: Page<Music>) => void)[] = [];
    const load = vi.fn(() => new Promise<Page<Music>>((resolve) => answers.push(resolve)));
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => ({ list: useQuery({ queryKey: KEY, queryFn: load, staleTime: 0 }), like: useLikeMutation() }), {
      wrapper,
    });
    await waitFor(() => expect(answers).toHaveLength(1));
    await act(async () => {
      await result.current.like.mutateAsync({ id: 122, liked: true });
    });
    expect(likes).toEqual([{ musicId: 122 }]);
    // The load begun before the like answers only now, with the flag as it was.
    await act(async () => answers[0]!(page(false)));
    // It does not put the old flag back; the load made after the like answers what the server now holds.
    expect(client.getQueryData<Page<Music>>(KEY)?.content[0]?.liked).toBe(true);
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]!(page(true)));
    await waitFor(() => expect(client.getQueryData<Page<Music>>(KEY)?.content[0]?.liked).toBe(true));
  });
});
