import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../test/i18n';
import { ThemeProvider } from '../../theme/ThemeProvider';
import PlayerBar from './PlayerBar';
import { player } from './player';
import type { PlayerState } from './player-controller';

const PLAYING: PlayerState = {
  track: {
    id: 31,
    title: '새벽 세 시의 골목',
    artist: '윤슬',
    cover: null,
    playTime: 184,
    filePath: '/api/musics/31/stream',
    fileUrl: null,
    peaksUrl: null,
  },
  status: 'playing',
  currentTime: 62,
  duration: 184,
  repeat: false,
  volume: 1,
  mediaVersion: 1,
  hasPrevious: true,
  hasNext: true,
};

async function showBar(lng: 'ko' | 'en' | 'ja' = 'ko', state: PlayerState = PLAYING) {
  vi.spyOn(player, 'getSnapshot').mockReturnValue(state);
  const i18n = await createTestI18n(lng);
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <PlayerBar />
      </ThemeProvider>
    </I18nextProvider>,
  );
}

describe('the player bar names its shortcuts (PRODUCT §13.2)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives every control with a shortcut its key, in aria-keyshortcuts and in the title', async () => {
    await showBar('ko');
    const toggle = screen.getByTestId('player-toggle');
    expect(toggle).toHaveAttribute('aria-keyshortcuts', 'Space');
    expect(toggle).toHaveAttribute('title', '일시정지 (Space)');
    expect(screen.getByTestId('player-repeat')).toHaveAttribute('aria-keyshortcuts', 'L');
    expect(screen.getByTestId('player-repeat')).toHaveAttribute('title', '반복 재생 (L)');
    expect(screen.getByTestId('player-previous')).toHaveAttribute('aria-keyshortcuts', 'P');
    expect(screen.getByTestId('player-previous')).toHaveAttribute('title', '이전 곡 (P) · 3초 이상 재생했으면 처음부터 다시 재생');
    expect(screen.getByTestId('player-next')).toHaveAttribute('aria-keyshortcuts', 'N');
    expect(screen.getByTestId('player-next')).toHaveAttribute('title', '다음 곡 (N)');
    const slider = screen.getByRole('slider', { name: '재생 위치' });
    expect(slider.getAttribute('aria-keyshortcuts')?.split(' ')).toEqual(['ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);
    expect(slider).toHaveAttribute('title', '재생 위치 (← →)');
  });

  it.each([
    ['en', 'Play (Space)', 'Repeat (L)'],
    ['ja', '再生 (Space)', 'リピート (L)'],
  ] as const)('says the keys in the titles in %s too', async (lng, play, repeat) => {
    await showBar(lng, { ...PLAYING, status: 'paused' });
    expect(screen.getByTestId('player-toggle')).toHaveAttribute('title', play);
    expect(screen.getByTestId('player-repeat')).toHaveAttribute('title', repeat);
  });
});

describe('the position slider (WAI-ARIA slider keys)', () => {
  beforeEach(() => {
    vi.spyOn(player, 'skip').mockImplementation(() => undefined);
    vi.spyOn(player, 'seek').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('moves 15 s (three arrow steps) with PageUp and PageDown, and 5 s with the arrows', async () => {
    await showBar();
    const slider = screen.getByRole('slider', { name: '재생 위치' });
    expect(fireEvent.keyDown(slider, { key: 'PageUp' })).toBe(false);
    expect(player.skip).toHaveBeenLastCalledWith(1, 15);
    expect(fireEvent.keyDown(slider, { key: 'PageDown' })).toBe(false);
    expect(player.skip).toHaveBeenLastCalledWith(-1, 15);
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(player.skip).toHaveBeenLastCalledWith(1);
    fireEvent.keyDown(slider, { key: 'End' });
    expect(player.seek).toHaveBeenLastCalledWith(184);
  });
});

describe('the compact volume control (phones, below 768 px)', () => {
  beforeEach(() => {
    vi.spyOn(player, 'setVolume').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('is one speaker button that says the level and opens the same slider, focused', async () => {
    await showBar('ko', { ...PLAYING, volume: 0.7 });
    const button = screen.getByTestId('player-volume-button');
    expect(button).toHaveAccessibleName('음량 70%');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('player-volume-popover')).toBeNull();

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const popover = screen.getByTestId('player-volume-popover');
    expect(button).toHaveAttribute('aria-controls', popover.id);
    const slider = within(popover).getByRole('slider', { name: '음량' });
    expect(slider).toHaveFocus();
    expect(slider).toHaveAttribute('aria-valuetext', '70%');
    expect([slider.getAttribute('min'), slider.getAttribute('max'), slider.getAttribute('step')]).toEqual(['0', '1', '0.1']);
    fireEvent.change(slider, { target: { value: '0.4' } });
    expect(player.setVolume).toHaveBeenLastCalledWith(0.4);
  });

  it('closes on Escape and gives the focus back to the button; Tab out or a press outside closes it too', async () => {
    await showBar('ko');
    const user = userEvent.setup();
    const button = screen.getByTestId('player-volume-button');
    button.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('player-volume-popover')).toBeInTheDocument();
    expect(within(screen.getByTestId('player-volume-popover')).getByRole('slider')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('player-volume-popover')).toBeNull();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard(' ');
    expect(within(screen.getByTestId('player-volume-popover')).getByRole('slider')).toHaveFocus();
    await user.tab();
    expect(screen.queryByTestId('player-volume-popover')).toBeNull();

    await user.click(button);
    expect(screen.getByTestId('player-volume-popover')).toBeInTheDocument();
    await user.click(screen.getByTestId('player-title'));
    expect(screen.queryByTestId('player-volume-popover')).toBeNull();
  });

  it.each([
    ['en', 0, 'Volume: 0%'],
    ['ja', 1, '音量 100%'],
  ] as const)('names the level in %s', async (lng, volume, name) => {
    await showBar(lng, { ...PLAYING, volume });
    expect(screen.getByTestId('player-volume-button')).toHaveAccessibleName(name);
  });
});

describe('the announcer says what a shortcut changed where the focus is not', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the position after ← or →, and repeat on or off after L', async () => {
    vi.spyOn(player, 'skip').mockImplementation(() => undefined);
    await showBar('ko');
    const said = screen.getByTestId('player-announcement');
    // The region is filled a moment after it appears (as a change, which screen readers read out).
    await vi.waitFor(() => expect(said).toHaveTextContent('재생 중: 새벽 세 시의 골목'));
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(player.skip).toHaveBeenLastCalledWith(1);
    expect(said).toHaveTextContent('1:02 / 3:04');
    vi.spyOn(player, 'toggleRepeat').mockImplementation(() => {
      vi.spyOn(player, 'getSnapshot').mockReturnValue({ ...PLAYING, repeat: true });
    });
    fireEvent.keyDown(document.body, { key: 'l', code: 'KeyL' });
    expect(said).toHaveTextContent('반복 재생 켬');
  });
});
