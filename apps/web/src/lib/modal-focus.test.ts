import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { neighbourOf, refocusAfterDialogs, trapModalFocus } from './modal-focus';

let release: (() => void) | null = null;
afterEach(() => {
  release?.();
  release = null;
  document.body.innerHTML = '';
});

/** A page with a control behind an open dialog holding a field, a disabled button and two more. */
function page(dialogHtml: string): HTMLElement {
  document.body.innerHTML = `
    <button id="behind">behind</button>
    <div class="modal show" role="dialog" aria-modal="true" tabindex="-1" id="dialog">${dialogHtml}</div>
    <a href="/after" id="after">after</a>`;
  return document.getElementById('dialog')!;
}

describe('focus in an open dialog', () => {
  it('wraps Tab from the last control to the first and Shift+Tab back, never stopping behind the dialog', async () => {
    page(`<input id="password"><button disabled>confirm</button><button id="cancel">cancel</button><button id="ok">ok</button>`);
    release = trapModalFocus();
    const user = userEvent.setup();
    document.getElementById('password')!.focus();
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      seen.push(document.activeElement!.id);
    }
    expect(seen).toEqual(['cancel', 'ok', 'password', 'cancel']);
    seen.length = 0;
    for (let i = 0; i < 4; i++) {
      await user.tab({ shift: true });
      seen.push(document.activeElement!.id);
    }
    expect(seen).toEqual(['password', 'ok', 'cancel', 'password']);
  });

  it('brings focus that is outside back into the dialog, and stops at a radio group once', async () => {
    page(`<input type="radio" name="g" id="r1"><input type="radio" name="g" id="r2" checked><button id="ok">ok</button>`);
    release = trapModalFocus();
    const user = userEvent.setup();
    document.getElementById('behind')!.focus();
    await user.tab();
    expect(document.activeElement!.id).toBe('r2');
    await user.tab({ shift: true });
    expect(document.activeElement!.id).toBe('ok');
  });

  it('keeps Tab inside a side panel with a backdrop too', async () => {
    document.body.innerHTML = `
      <button id="behind">behind</button>
      <div class="offcanvas show" role="dialog" aria-modal="true" tabindex="-1"><button id="close">×</button><a href="/t" id="link">t</a></div>`;
    release = trapModalFocus();
    const user = userEvent.setup();
    document.getElementById('link')!.focus();
    await user.tab();
    expect(document.activeElement!.id).toBe('close');
  });

  it('leaves Tab alone when no dialog is open', async () => {
    page('<button id="ok">ok</button>');
    document.getElementById('dialog')!.classList.remove('show');
    release = trapModalFocus();
    const user = userEvent.setup();
    document.getElementById('behind')!.focus();
    await user.tab();
    expect(document.activeElement!.id).toBe('ok');
  });
});

describe('focus after a dialog removed its item', () => {
  const frames = (n: number) =>
    new Promise<void>((resolve) => {
      const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
      step(n);
    });

  it('goes to the next item, else the one before, else nowhere', () => {
    expect(neighbourOf([0, -1, 7, 5, 3], 5)).toBe(3);
    expect(neighbourOf([0, -1, 7, 5, 3], 3)).toBe(5);
    expect(neighbourOf([7], 7)).toBeNull();
    expect(neighbourOf([7], 9)).toBeNull();
  });

  it('waits until the dialog has left the page, then focuses the target', async () => {
    document.body.innerHTML = `<div class="modal fade" role="dialog"><button id="in">ok</button></div><button id="next">next</button>`;
    (document.activeElement as HTMLElement | null)?.blur();
    refocusAfterDialogs(() => document.getElementById('next'));
    await frames(3);
    expect(document.activeElement).toBe(document.body);
    document.querySelector('.modal')!.remove();
    await frames(3);
    expect(document.activeElement!.id).toBe('next');
  });

  it('leaves focus alone where the user has already put it', async () => {
    document.body.innerHTML = `<button id="mine">mine</button><button id="next">next</button>`;
    document.getElementById('mine')!.focus();
    refocusAfterDialogs(() => document.getElementById('next'));
    await frames(3);
    expect(document.activeElement!.id).toBe('mine');
  });
});
