import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PendingButton } from './PendingButton';

/** A form whose submit starts a request that stays pending, as the sign-in and account forms do. */
function Form({ onSubmit }: { onSubmit: () => void }) {
  const [pending, setPending] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
        setPending(true);
      }}
    >
      <label>
        이메일
        <input name="email" />
      </label>
      <PendingButton type="submit" pending={pending} pendingLabel="로그인 중...">
        로그인
      </PendingButton>
    </form>
  );
}

describe('PendingButton', () => {
  it('keeps the focus while its request runs: busy and aria-disabled, not disabled, with a spinner and its pending label', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    render(<Form onSubmit={submitted} />);
    const button = screen.getByRole('button', { name: '로그인' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(submitted).toHaveBeenCalledTimes(1);
    const busy = screen.getByRole('button', { name: '로그인 중...' });
    expect(busy).toBe(button);
    // A disabled button drops the focus to the page's start; this one keeps it.
    expect(busy).not.toBeDisabled();
    expect(busy).toHaveFocus();
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveClass('disabled');
    expect(busy.querySelector('.spinner-border')).toHaveAttribute('aria-hidden', 'true');
  });

  it('sends the form once: a second press, or Enter in a field, is stopped while it is pending', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    render(<Form onSubmit={submitted} />);
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(submitted).toHaveBeenCalledTimes(1);
    // Bootstrap's disabled look stops the pointer; a click that gets there all the same (a script, a screen reader) too.
    screen.getByRole('button', { name: '로그인 중...' }).click();
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText('이메일'), 'sori@example.com{Enter}');
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('is disabled for good when told so, and passes a press on when it is not pending', async () => {
    const user = userEvent.setup();
    const pressed = vi.fn();
    const { rerender } = render(
      <PendingButton pending={false} disabled onClick={pressed}>
        탈퇴하기
      </PendingButton>,
    );
    expect(screen.getByRole('button', { name: '탈퇴하기' })).toBeDisabled();
    rerender(
      <PendingButton pending={false} onClick={pressed}>
        탈퇴하기
      </PendingButton>,
    );
    const button = screen.getByRole('button', { name: '탈퇴하기' });
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).not.toHaveAttribute('aria-busy');
    await user.click(button);
    expect(pressed).toHaveBeenCalledTimes(1);
  });
});
