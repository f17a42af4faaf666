import type { Music, UploadStatus } from '@sori/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { createTestI18n } from '../../test/i18n';
import { UploadPanel } from './UploadPanel';
import { uploadQueue } from './upload-queue';

const TRACK: Music = {
  id: 31,
  title: '봄비 산책',
  artist: '한여울',
  cover: null,
  duration: '0:48',
  playTime: 48,
  soundkey: 'D',
  keyMode: 'major',
  bpm: 96,
  genre: null,
  moods: [],
  speed: 2,
  filePath: null,
  fileUrl: null,
  fileName: null,
  liked: false,
  waveUrl: null,
  peaksUrl: null,
  createdAt: '2026-11-29T01:00:00.000Z',
  published: false,
};

const STORED: UploadStatus = { id: 31, title: '봄비 산책', status: 'queued', progress: null, error: null, createdAt: TRACK.createdAt };

const json = (body: unknown) => new Response(JSON.stringify({ body }), { status: 200, headers: { 'Content-Type': 'application/json' } });

async function showPanel() {
  const i18n = await createTestI18n('ko');
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <UploadPanel />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** The server's side: the upload stored earlier and waiting (the first list), then in the library, offered for review. */
function serve(track: Music, put?: () => Promise<Response>) {
  let lists = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/my/uploads')) return json(lists++ === 0 ? [{ ...STORED, id: track.id, title: track.title }] : []);
    if (url.includes(`/musics/${track.id}`) && init?.method === 'PUT' && put) return put();
    if (url.includes(`/musics/${track.id}`)) return json(track);
    throw new Error(`unexpected request ${url}`);
  });
}

const fetchMock = vi.fn<typeof fetch>();

describe('the upload panel', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    configureApiClient({ fetch: fetchMock, getToken: () => 'token' });
  });

  it('puts the focus on the saved line of the upload when its review is saved, not on the page’s start, and says it once', async () => {
    serve(TRACK);
    await showPanel();
    const save = await screen.findByTestId('meta-save');
    await userEvent.click(save);

    const item = screen.getByTestId('upload-item');
    expect(screen.queryByTestId('metadata-form')).toBeNull();
    const status = within(item).getByTestId('upload-status');
    expect(status).toHaveTextContent('라이브러리에 저장했습니다.');
    await vi.waitFor(() => expect(status).toHaveFocus());
    expect(status).not.toHaveAttribute('aria-hidden');
    // The focus reads it; the live region stays quiet so it is not heard twice.
    expect(within(item).getByTestId('upload-step')).toHaveTextContent('');
  });

  it('says "saved" in the live region instead when the reader has put the focus elsewhere while it saved', async () => {
    const user = userEvent.setup();
    const track = { ...TRACK, id: 32, title: '새벽 물결' };
    let answer!: (response: Response) => void;
    serve(track, () => new Promise((resolve) => (answer = resolve)));
    await showPanel();
    // The upload saved in the test before is still listed above: the queue lives for the tab.
    const item = (await screen.findByText(track.title)).closest<HTMLElement>('[data-testid="upload-item"]')!;
    const title = await within(item).findByTestId('meta-title');
    await user.clear(title);
    await user.type(title, '새벽 물결 (리마스터)');
    await user.click(within(item).getByTestId('meta-save'));
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    const elsewhere = screen.getByTestId('cover-add');
    elsewhere.focus();
    answer(json({ ...track, title: '새벽 물결 (리마스터)' }));

    await vi.waitFor(() => expect(within(item).getByTestId('upload-step')).toHaveTextContent('라이브러리에 저장했습니다.'));
    expect(elsewhere).toHaveFocus();
  });

  it('takes the card of a track deleted from its row away, with its form', async () => {
    const track = { ...TRACK, id: 33, title: '지워질 노래' };
    serve(track);
    await showPanel();
    const item = (await screen.findByText(track.title)).closest<HTMLElement>('[data-testid="upload-item"]')!;
    await within(item).findByTestId('metadata-form');
    act(() => uploadQueue.trackDeleted(track.id));
    expect(screen.queryByText(track.title)).toBeNull();
    expect(item).not.toBeInTheDocument();
  });
});
