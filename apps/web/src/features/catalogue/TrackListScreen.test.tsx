import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Link, MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { createTestI18n } from '../../test/i18n';
import { aTrack } from '../../test/music';
import { AuthModalProvider } from '../auth/AuthModalContext';
import { TrackListScreen } from './TrackListScreen';

// The player bar's code (wavesurfer.js) is warmed when a list shows; nothing here plays.
vi.mock('../player/player-bar-loader', () => ({ preloadPlayerBar: () => undefined }));

const track = (id: number, title: string) => aTrack(id, { title });

const RAIN = [track(11, '빗소리 카페'), track(12, '비 오는 오후'), track(13, '장마 전선')];

const json = (body: unknown) => new Response(JSON.stringify({ body }), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('a track list', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    configureApiClient({ fetch: fetchMock, getToken: () => null });
  });

  it('says the new count, or that nothing was found, in one live region that stays from results to none and back', async () => {
    fetchMock.mockImplementation(async (input) => {
      const q = new URL(String(input), 'http://sori.test').searchParams.get('q');
      return json(q === '비' ? RAIN : q === '장마' ? [RAIN[2]!, RAIN[0]!, RAIN[1]!] : []);
    });
    const i18n = await createTestI18n('ko');
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={createQueryClient()}>
          <AuthModalProvider>
            <MemoryRouter initialEntries={['/library?q=비']}>
              <Link to="/library?q=눈보라">눈보라</Link>
              <Link to="/library?q=비">비</Link>
              <Link to="/library?q=장마">장마</Link>
              <TrackListScreen
                title="음악 검색"
                label="음악 검색"
                source={{ kind: 'catalogue' }}
                requiresLogin={false}
                emptyTitle="아직 곡이 없습니다"
                emptyBody="곡이 올라오면 여기에 보입니다."
                loadFailed="목록을 불러오지 못했습니다."
              />
            </MemoryRouter>
          </AuthModalProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const said = screen.getByRole('status');
    await vi.waitFor(() => expect(said).toHaveTextContent('3곡'));
    // The count on screen is not read a second time.
    expect(screen.getByTestId('result-count')).toHaveAttribute('aria-hidden', 'true');

    await userEvent.click(screen.getByRole('link', { name: '눈보라' }));
    await screen.findByTestId('empty-state');
    // The same region, still there, says it: a region mounted with its text is often not read at all.
    expect(screen.getByRole('status')).toBe(said);
    expect(said).toHaveTextContent('검색 결과가 없습니다');

    await userEvent.click(screen.getByRole('link', { name: '비' }));
    await screen.findByTestId('results');
    expect(screen.getByRole('status')).toBe(said);
    expect(said).toHaveTextContent('3곡');

    // Another search with as many results: the words are the same, and they are put in afresh, so a screen
    // reader says them again (a live region reads what is added, not text left as it was).
    const before = said.firstElementChild;
    await userEvent.click(screen.getByRole('link', { name: '장마' }));
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('track-title').map((el) => el.textContent)).toEqual(['장마 전선', '빗소리 카페', '비 오는 오후']),
    );
    expect(said).toHaveTextContent('3곡');
    expect(said.firstElementChild, 'the count put in afresh').not.toBe(before);
    expect(said.firstElementChild).toBeInTheDocument();
  });
});
