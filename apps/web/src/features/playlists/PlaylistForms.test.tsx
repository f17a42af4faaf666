import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { createTestI18n } from '../../test/i18n';
import ChoosePlaylistModal from './ChoosePlaylistModal';
import { NewPlaylistModal } from './NewPlaylistModal';
import { PlaylistFormModal } from './PlaylistFormModal';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function show(ui: ReactNode) {
  const i18n = await createTestI18n('ko');
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
    </I18nextProvider>,
  );
}

/** A name as pasted from a video's description: 105 characters. */
const LONG_NAME = `${'출근길에 듣는 잔잔한 음악 '.repeat(6)}모음`.padEnd(105, '!');

describe('the playlist forms, given a paste past a limit', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    configureApiClient({ fetch: fetchMock, getToken: () => 'token' });
  });

  it('the manager’s form keeps a long description whole, line breaks and all, says so and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    await show(<PlaylistFormModal playlist={null} pending={false} onSubmit={onSubmit} onClose={() => undefined} />);
    await user.type(screen.getByTestId('playlist-name'), '출근길');
    const description = screen.getByTestId('playlist-description');
    await user.click(description);
    // Two paragraphs of 1,000 characters as sent (the line break between them is one), and one more.
    const paragraphs = ['가'.repeat(499), '나'.repeat(500)].join('\n');
    await user.paste(`${paragraphs}다\n\n`);
    // Nothing cut: the whole paste is there to shorten as its owner chooses.
    expect(description).toHaveValue(`${paragraphs}다\n\n`);
    expect(description).toHaveAttribute('aria-invalid', 'true');
    // Counted as sent (trimmed; each line break one character), as the server counts it.
    expect(description).toHaveAccessibleDescription('설명 항목은 1,000자까지 입력할 수 있습니다. 1자를 줄여주세요. 1,001/1,000자');
    await user.click(screen.getByTestId('playlist-save'));
    expect(description).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
    // One character fewer, and it is sent with its paragraphs.
    await user.type(description, '{Backspace}{Backspace}{Backspace}');
    expect(description).not.toHaveAttribute('aria-invalid', 'true');
    expect(description).toHaveAccessibleDescription('1,000/1,000자');
    await user.click(screen.getByTestId('playlist-save'));
    expect(onSubmit).toHaveBeenCalledWith({ name: '출근길', description: paragraphs });
  });

  it('the manager’s form keeps a long name whole and refuses it with the focus on the name', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    await show(<PlaylistFormModal playlist={null} pending={false} onSubmit={onSubmit} onClose={() => undefined} />);
    const name = screen.getByTestId('playlist-name');
    await user.click(name);
    await user.paste(LONG_NAME);
    expect(name).toHaveValue(LONG_NAME);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('플레이리스트 이름 항목은 100자까지 입력할 수 있습니다. 5자를 줄여주세요. 105/100자');
    await user.click(screen.getByTestId('playlist-description'));
    await user.click(screen.getByTestId('playlist-save'));
    expect(name).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('the sidebar’s new-playlist modal keeps a long name whole, says so and creates nothing until it is shortened', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    fetchMock.mockImplementation(async (_url, init) =>
      json(200, { body: { id: 9, ...JSON.parse(String(init?.body)), title: 'x', musicCount: 0, createdAt: '', updatedAt: '' } }),
    );
    await show(<NewPlaylistModal show onClose={onClose} />);
    const name = screen.getByLabelText('플레이리스트 이름');
    await user.click(name);
    await user.paste(LONG_NAME);
    expect(name).toHaveValue(LONG_NAME);
    expect(name).toHaveAccessibleDescription('플레이리스트 이름 항목은 100자까지 입력할 수 있습니다. 5자를 줄여주세요. 105/100자');
    await user.click(screen.getByRole('button', { name: '추가' }));
    expect(name).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(name, '{Backspace}'.repeat(5));
    expect(name).toHaveAccessibleDescription('100/100자');
    await user.click(screen.getByRole('button', { name: '추가' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toMatchObject({ name: LONG_NAME.slice(0, 100) });
  });

  it('the choose-playlist dialog’s new name keeps a long paste whole, says so and creates nothing', async () => {
    const user = userEvent.setup();
    // Signed out here, so the list is not asked for: any request would be the create.
    await show(<ChoosePlaylistModal track={{ id: 3, title: '메트로놈' }} onClose={() => undefined} />);
    const name = screen.getByTestId('choose-playlist-new-name');
    await user.click(name);
    await user.paste(LONG_NAME);
    expect(name).toHaveValue(LONG_NAME);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('플레이리스트 이름 항목은 100자까지 입력할 수 있습니다. 5자를 줄여주세요. 105/100자');
    await user.click(screen.getByTestId('choose-playlist-new-submit'));
    expect(name).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts a name and description pasted in decomposed Hangul (macOS) as the server keeps them, and sends them', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    await show(<PlaylistFormModal playlist={null} pending={false} onSubmit={onSubmit} onClose={() => undefined} />);
    // 91 syllables and signs as kept (NFC); 181 characters as pasted (NFD).
    const kept =
      '비 오는 날 창가에서 듣기 좋은 잔잔한 피아노와 어쿠스틱 기타 연주곡 모음 (2026년 가을, 브이로그와 카페 영상 배경음악으로 골라 담은 곡들, 편집본 둘째 판)';
    const name = screen.getByTestId('playlist-name');
    await user.click(name);
    await user.paste(kept.normalize('NFD'));
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('91/100자');
    // A description of 950 characters as kept, about twice that as pasted.
    const notes = '영상 편집할 때 배경으로 깔기 좋은 곡들을 모았습니다. 브이로그, 여행 영상, 카페 분위기 영상에 잘 어울립니다.\n'
      .repeat(15)
      .slice(0, 950);
    const description = screen.getByTestId('playlist-description');
    await user.click(description);
    await user.paste(notes.normalize('NFD'));
    expect(description).not.toHaveAttribute('aria-invalid', 'true');
    expect(description).toHaveAccessibleDescription('950/1,000자');
    await user.click(screen.getByTestId('playlist-save'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const sent = onSubmit.mock.calls[0]![0] as { name: string; description: string };
    expect(sent.name.normalize('NFC')).toBe(kept);
    expect(sent.description.normalize('NFC')).toBe(notes.trim());
  });
});
