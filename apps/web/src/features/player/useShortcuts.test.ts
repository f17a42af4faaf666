import { describe, expect, it } from 'vitest';
import { shortcutFor } from './useShortcuts';

const key = (k: string, code: string, target: EventTarget | null = document.body, mods: Partial<KeyboardEvent> = {}) => ({
  key: k,
  code,
  target,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  defaultPrevented: false,
  ...mods,
});

describe('player shortcuts', () => {
  it('should map Space, the arrows and L', () => {
    expect(shortcutFor(key(' ', 'Space'))).toBe('toggle');
    expect(shortcutFor(key('ArrowLeft', 'ArrowLeft'))).toBe('back');
    expect(shortcutFor(key('ArrowRight', 'ArrowRight'))).toBe('forward');
    expect(shortcutFor(key('l', 'KeyL'))).toBe('repeat');
    // A Korean layout sends ㅣ for the L key.
    expect(shortcutFor(key('ㅣ', 'KeyL'))).toBe('repeat');
    expect(shortcutFor(key('k', 'KeyK'))).toBeNull();
  });

  it('should map N and P to next and previous track, on any layout, never while typing', () => {
    expect(shortcutFor(key('n', 'KeyN'))).toBe('next');
    expect(shortcutFor(key('ㅔ', 'KeyP'))).toBe('previous');
    expect(shortcutFor(key('N', 'KeyN', document.body, { shiftKey: true } as Partial<KeyboardEvent>))).toBe('next');
    document.body.innerHTML = '<input id="i">';
    expect(shortcutFor(key('n', 'KeyN', document.getElementById('i')))).toBeNull();
  });

  it('should stay out of the way while typing', () => {
    document.body.innerHTML =
      '<input id="i"><textarea id="t"></textarea><select id="s"></select><div contenteditable="true" id="c"><span id="in"></span></div>';
    for (const id of ['i', 't', 's', 'in']) {
      const target = document.getElementById(id);
      expect(shortcutFor(key(' ', 'Space', target))).toBeNull();
      expect(shortcutFor(key('ArrowLeft', 'ArrowLeft', target))).toBeNull();
      expect(shortcutFor(key('l', 'KeyL', target))).toBeNull();
    }
  });

  it('should leave Space to a focused button, but still seek from it', () => {
    document.body.innerHTML = '<button id="b">x</button>';
    const button = document.getElementById('b');
    expect(shortcutFor(key(' ', 'Space', button))).toBeNull();
    expect(shortcutFor(key('ArrowRight', 'ArrowRight', button))).toBe('forward');
  });

  it('should ignore keys with modifiers, handled keys and keys inside a modal', () => {
    document.body.innerHTML = '<div role="dialog" aria-modal="true"><p id="p">x</p></div>';
    expect(shortcutFor(key('l', 'KeyL', document.body, { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key('ArrowLeft', 'ArrowLeft', document.body, { defaultPrevented: true }))).toBeNull();
    expect(shortcutFor(key(' ', 'Space', document.getElementById('p')))).toBeNull();
  });
});
