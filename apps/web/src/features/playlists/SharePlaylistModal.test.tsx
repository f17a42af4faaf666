import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client';
import { notices } from '../../lib/notices';
import { createQueryClient } from '../../lib/query-client';
import { createTestI18n } from '../../test/i18n';
import SharePlaylistModal from './SharePlaylistModal';

const URL_SHARED = 'https://sori.example/shared/abc123';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the share dialog’s copy button', () => {
  afterEach(() => {
    for (const n of notices.getSnapshot()) notices.dismiss(n.id);
  });

  it('without clipboard access selects the link in the dialog’s own field and says to copy it from there', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    configureApiClient({
      fetch: vi.fn<typeof fetch>(async () =>
        json(200, { body: { url: URL_SHARED, token: 'abc123', sharedAt: '2026-12-01T00:00:00.000Z' } }),
      ),
      getToken: () => 't',
      onUnauthorized: () => undefined,
    });
    const i18n = await createTestI18n('ko');
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={createQueryClient()}>
          <SharePlaylistModal playlistId={7} onClose={() => undefined} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    await userEvent.click(await screen.findByTestId('share-copy'));
    const field = screen.getByTestId('share-link') as HTMLInputElement;
    await waitFor(() => expect(field).toHaveFocus());
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, URL_SHARED.length]);
    expect(notices.getSnapshot().map((n) => n.text)).toEqual(['링크를 복사하지 못했습니다. 선택된 링크를 직접 복사해 주세요.']);
  });
});
