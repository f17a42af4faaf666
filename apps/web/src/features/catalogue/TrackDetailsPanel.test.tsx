import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notices } from '../../lib/notices';
import { createTestI18n } from '../../test/i18n';
import { aTrack } from '../../test/music';
import TrackDetailsPanel from './TrackDetailsPanel';

const TRACK = aTrack(31, { title: '새벽 산책', soundkey: 'A', keyMode: 'minor', bpm: 92 });

const clipboard = (writeText: (text: string) => Promise<void>) =>
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

async function openPanel(track = TRACK) {
  const i18n = await createTestI18n('ko');
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <TrackDetailsPanel track={track} onClose={() => undefined} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return screen.getByRole('button', { name: '링크 복사' });
}

describe('the track details panel’s share button', () => {
  beforeAll(() => {
    // jsdom has no media queries; the panel asks one for its responsive breakpoint. A wide screen, as on a desktop.
    window.matchMedia = (media: string) =>
      ({
        matches: false,
        media,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  });
  afterEach(() => {
    for (const n of notices.getSnapshot()) notices.dismiss(n.id);
  });

  it('without clipboard access puts the link in the panel’s own field, focused and selected, rather than in a notice outside the panel', async () => {
    clipboard(vi.fn<(text: string) => Promise<void>>().mockRejectedValue(new DOMException('denied', 'NotAllowedError')));
    await userEvent.click(await openPanel());
    const field = screen.getByRole('textbox', { name: '링크를 복사하지 못했습니다. 아래 링크를 직접 복사해 주세요.' });
    const link = `${window.location.origin}/track/31`;
    expect(field).toHaveValue(link);
    await waitFor(() => expect(field).toHaveFocus());
    expect([(field as HTMLInputElement).selectionStart, (field as HTMLInputElement).selectionEnd]).toEqual([0, link.length]);
    expect(screen.getByTestId('track-details')).toContainElement(field);
    expect(notices.getSnapshot()).toEqual([]);
  });

  it('with clipboard access copies the link and says so in a notice, with no field', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    clipboard(writeText);
    await userEvent.click(await openPanel());
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/track/31`));
    expect(notices.getSnapshot().map((n) => n.text)).toEqual(['링크를 복사했습니다.']);
    expect(screen.queryByTestId('details-link')).toBeNull();
  });

  it('says that the link of an own upload not yet published opens for its owner only', async () => {
    clipboard(vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined));
    await userEvent.click(await openPanel({ ...TRACK, published: false }));
    await waitFor(() =>
      expect(notices.getSnapshot().map((n) => n.text)).toEqual([
        '링크를 복사했습니다. 공개되기 전에는 나만 이 링크로 곡을 열 수 있습니다.',
      ]),
    );
  });
});
