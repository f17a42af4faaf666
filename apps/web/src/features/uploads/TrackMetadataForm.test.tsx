import type { Music } from '@sori/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
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

describe('the upload review', () => {
  it('shows an unsure key among the measured values as the suggestion offers it, marked unconfirmed', async () => {
    const i18n = await createTestI18n('ko');
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={createQueryClient()}>
          <TrackMetadataForm track={TRACK} suggested onSaved={() => undefined} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    // It said "키 -" while offering "추천: A 단조" right below.
    expect(screen.getByTestId('measured-key')).toHaveTextContent('A 단조 (확인 전)');
    expect(screen.getByTestId('measured-bpm')).toHaveTextContent('120');
    expect(screen.getByTestId('suggested-key')).toHaveTextContent('추천: A 단조');
  });
});
