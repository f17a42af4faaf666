import type { Music } from '@sori/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { createTestI18n } from '../../test/i18n';
import { TrackMetadataForm } from './TrackMetadataForm';

const TRACK: Music = {
  id: 7,
  title: '메트로놈',
  artist: null,
  cover: null,
  duration: '0:12',
  playTime: 12,
  soundkey: null,
  keyMode: null,
  bpm: 120,
  genre: null,
  moods: [],
  speed: 3,
  filePath: null,
  fileUrl: null,
  fileName: null,
  liked: false,
  waveUrl: null,
  peaksUrl: null,
  createdAt: '2026-11-28T00:00:00.000Z',
  published: false,
  suggested: { bpm: null, soundkey: 'A', keyMode: 'minor' },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function review(onSaved: (track: Music) => void = () => undefined, track: Music = TRACK, lang: 'ko' | 'ja' = 'ko') {
  const i18n = await createTestI18n(lang);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <TrackMetadataForm track={track} suggested onSaved={onSaved} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the upload review', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    configureApiClient({ fetch: fetchMock, getToken: () => 'token' });
  });

  it('shows an unsure key among the measured values as the suggestion offers it, marked unconfirmed', async () => {
    await review();
    // It said "키 -" while offering "추천: A 단조" right below.
    expect(screen.getByTestId('measured-key')).toHaveTextContent('A 단조 (확인 전)');
    expect(screen.getByTestId('measured-bpm')).toHaveTextContent('120');
    expect(screen.getByTestId('suggested-key')).toHaveTextContent('추천: A 단조');
  });

  it('promises the measured BPM for an empty box only when the analysis measured one', async () => {
    await review();
    expect(screen.getByTestId('meta-bpm')).toHaveAttribute('placeholder', '측정값');
    expect(screen.getByTestId('measured-hint')).toHaveTextContent('BPM이나 키를 비워 두면 Sori가 측정한 값을 씁니다.');
  });

  it('promises no measured BPM when the analysis measured none (the summary says "BPM -")', async () => {
    await review(undefined, { ...TRACK, bpm: null });
    expect(screen.getByTestId('measured-bpm')).toHaveTextContent('BPM -');
    const bpm = screen.getByTestId('meta-bpm');
    expect(bpm).toHaveAttribute('placeholder', '지정 안 함');
    const hint = screen.getByTestId('measured-hint');
    expect(hint).not.toHaveTextContent('BPM이나 키를 비워 두면');
    // The key was measured (awaiting confirmation): an empty key still brings it back.
    expect(hint).toHaveTextContent('키를 비워 두면 Sori가 측정한 값을 씁니다.');
    expect(hint).toHaveTextContent('Sori가 이 곡의 BPM을 측정하지 못했습니다. 알고 있다면 직접 입력해 주세요.');
  });

  it('promises neither when the analysis measured neither BPM nor key', async () => {
    await review(undefined, { ...TRACK, bpm: null, suggested: undefined });
    expect(screen.getByTestId('meta-bpm')).toHaveAttribute('placeholder', '지정 안 함');
    expect(screen.getByTestId('meta-key')).toHaveDisplayValue('지정 안 함');
    expect(screen.getByTestId('measured-hint')).toHaveTextContent(
      /^Sori가 이 곡의 BPM과 키를 측정하지 못했습니다\. 알고 있다면 직접 입력해 주세요\.$/,
    );
  });

  it('says the key is the track’s own once its suggestion is confirmed, not still unconfirmed', async () => {
    fetchMock.mockResolvedValue(json(200, { body: { ...TRACK, soundkey: 'A', keyMode: 'minor', suggested: undefined } }));
    await review();
    await userEvent.click(screen.getByTestId('confirm-key'));
    expect(await screen.findByTestId('confirmed-suggestion')).toBeInTheDocument();
    expect(screen.getByTestId('measured-key')).toHaveTextContent('A 단조');
    expect(screen.getByTestId('measured-key')).not.toHaveTextContent('확인 전');
  });

  it('shows a confirmed key in the key fields, as a key the analysis was sure of, and does not count it as a change to save', async () => {
    const onSaved = vi.fn();
    fetchMock.mockResolvedValue(json(200, { body: { ...TRACK, soundkey: 'A', keyMode: 'minor', suggested: undefined } }));
    await review(onSaved);
    expect(screen.getByTestId('meta-key')).toHaveDisplayValue('측정값');
    await userEvent.click(screen.getByTestId('confirm-key'));
    await screen.findByTestId('confirmed-suggestion');
    // It read "측정값" and "지정 안 함" beside "A 단조로 확정했습니다".
    expect(screen.getByTestId('meta-key')).toHaveDisplayValue('A');
    expect(screen.getByTestId('meta-key-mode')).toHaveDisplayValue('단조');
    await userEvent.click(screen.getByTestId('meta-save'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('keeps a key the uploader chose before confirming the suggestion, and saves it', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      json(200, { body: { ...TRACK, soundkey: 'A', keyMode: 'minor', suggested: undefined, ...JSON.parse(String(init?.body ?? '{}')) } }),
    );
    await review();
    await userEvent.selectOptions(screen.getByTestId('meta-key'), 'B');
    await userEvent.click(screen.getByTestId('confirm-key'));
    await screen.findByTestId('confirmed-suggestion');
    expect(screen.getByTestId('meta-key')).toHaveDisplayValue('B');
    await userEvent.click(screen.getByTestId('meta-save'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toMatchObject({ soundKey: 'B' });
  });

  it('writes the hint’s Japanese sentences with no space between them', async () => {
    await review(undefined, TRACK, 'ja');
    const hint = screen.getByTestId('measured-hint').textContent ?? '';
    expect(hint).toContain('使われます。確かでない');
    expect(hint).not.toMatch(/。 /);
  });

  it('sends nothing without a title: the field is marked, named by its message, and takes the focus', async () => {
    const onSaved = vi.fn();
    await review(onSaved);
    await userEvent.clear(screen.getByTestId('meta-title'));
    await userEvent.click(screen.getByTestId('meta-save'));
    const title = screen.getByTestId('meta-title');
    expect(title).toHaveFocus();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('제목을 입력해주세요.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('keeps a pasted title past the limit whole and says so, rather than cutting it; saves once it is shortened', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    fetchMock.mockImplementation(async (_url, init) => json(200, { body: { ...TRACK, ...JSON.parse(String(init?.body)) } }));
    await review(onSaved);
    const title = screen.getByTestId('meta-title');
    const long = `${'가'.repeat(200)} (Official Audio)`;
    await user.clear(title);
    await user.paste(long);
    // Nothing cut: the whole paste is there to shorten as the uploader chooses.
    expect(title).toHaveValue(long);
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('곡 제목 항목은 200자까지 입력할 수 있습니다. 17자를 줄여주세요. 217/200자');
    await user.click(screen.getByTestId('meta-save'));
    expect(title).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
    // The artist is held to its limit the same way.
    const artist = screen.getByTestId('meta-artist');
    await user.click(artist);
    await user.paste('A'.repeat(201));
    expect(artist).toHaveValue('A'.repeat(201));
    expect(artist).toHaveAccessibleDescription('아티스트 항목은 200자까지 입력할 수 있습니다. 1자를 줄여주세요. 201/200자');
    await user.type(artist, '{Backspace}');
    // At the limit, it still counts, and no longer refuses.
    expect(artist).not.toHaveAttribute('aria-invalid', 'true');
    expect(artist).toHaveAccessibleDescription('200/200자');
    await user.clear(title);
    await user.paste(long.slice(0, 200));
    await user.click(screen.getByTestId('meta-save'));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const sent = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(sent).toMatchObject({ title: long.slice(0, 200), artist: 'A'.repeat(200) });
  });

  it('sends a title pasted in decomposed Hangul as it is kept, so the server does not refuse what the form counted as fine', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    // As the server's request schema does: the limit is checked on the text as sent.
    fetchMock.mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { title?: string };
      if ((body.title ?? '').length > 200) {
        return json(400, { message: '곡 제목 항목은 200자까지 입력할 수 있습니다.', code: 'FIELD_TOO_LONG' });
      }
      return json(200, { body: { ...TRACK, ...body } });
    });
    await review(onSaved);
    const title = screen.getByTestId('meta-title');
    // 119 syllables, as a macOS file name gives them: 251 characters decomposed.
    const kept = Array.from({ length: 12 }, () => '봄날의 작은 노래').join(' ');
    const pasted = kept.normalize('NFD');
    expect(pasted.length).toBe(251);
    await user.clear(title);
    await user.paste(pasted);
    // Well inside the limit as the form counts it (no count yet): it saves, and nothing says it is too long.
    expect(title).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByTestId('meta-save'));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toMatchObject({ title: kept });
  });

  it('lists the natural keys first, so typing A in the key list picks A rather than A♭', async () => {
    await review();
    const names = [...(screen.getByTestId('meta-key') as HTMLSelectElement).options].map((o) => o.text);
    expect(names.find((name) => name.startsWith('A'))).toBe('A');
    expect(names.indexOf('C')).toBeLessThan(names.indexOf('C♯'));
    expect(names.indexOf('C♯')).toBeLessThan(names.indexOf('D♭'));
  });
});
