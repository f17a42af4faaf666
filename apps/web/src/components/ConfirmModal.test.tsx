import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../test/i18n';
import { ConfirmModal } from './ConfirmModal';

/** A delete asked for in a dialog whose request stays pending once confirmed, as a playlist's or a channel's does. */
function Deleting({ onConfirm }: { onConfirm: () => void }) {
  const [pending, setPending] = useState(false);
  return (
    <ConfirmModal
      show
      title="플레이리스트 삭제"
      body="출근길을 삭제할까요?"
      confirmLabel="삭제"
      pending={pending}
      onConfirm={() => {
        onConfirm();
        setPending(true);
      }}
      onClose={() => undefined}
    />
  );
}

describe('ConfirmModal', () => {
  it('keeps the focus on the confirm button while the step runs, busy rather than disabled, and confirms once', async () => {
    const i18n = await createTestI18n('ko');
    const user = userEvent.setup();
    const confirmed = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <Deleting onConfirm={confirmed} />
      </I18nextProvider>,
    );
    const button = await screen.findByTestId('confirm-button');
    button.focus();
    await user.keyboard('{Enter}');
    expect(confirmed).toHaveBeenCalledTimes(1);
    expect(button).not.toBeDisabled();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    button.click();
    expect(confirmed).toHaveBeenCalledTimes(1);
  });
});
