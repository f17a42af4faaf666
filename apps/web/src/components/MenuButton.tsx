import { useCallback, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { opensUpward, useDismiss } from './useDismiss';

export interface MenuButtonItem {
  key: string;
  label: ReactNode;
  /** Extra classes, e.g. to show an item only on phones where its button is hidden. */
  className?: string;
  danger?: boolean;
  testId?: string;
  onSelect: () => void;
}

export interface MenuButtonProps {
  /** The toggle's content (usually an icon). */
  icon: ReactNode;
  /** Accessible name of the toggle. */
  label: string;
  items: readonly MenuButtonItem[];
  className?: string;
  testId?: string;
}

/**
 * An actions menu (WAI-ARIA menu button: arrow keys, Home, End, Escape, Tab closes) for rows and list
 * items. It opens under its toggle, or above it near the bottom of the window.
 */
export function MenuButton({ icon, label, items, className, testId }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [upward, setUpward] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, root, close, toggle);

  const visibleItems = () => itemRefs.current.filter((el): el is HTMLButtonElement => el !== null && el.offsetParent !== null);
  const focusItem = (index: number) => {
    const list = visibleItems();
    if (list.length === 0) return;
    list[((index % list.length) + list.length) % list.length]?.focus();
  };
  const openAt = (index: number) => {
    setUpward(opensUpward(toggle.current, 48 * items.length + 16));
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  };

  const handleToggleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : -1);
    }
  };
  const handleMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = visibleItems();
    const current = list.findIndex((el) => el === document.activeElement);
    const keys: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: list.length - 1 };
    if (event.key in keys) {
      event.preventDefault();
      focusItem(keys[event.key]!);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className={`sori-menu-button${className ? ` ${className}` : ''}`} ref={root} data-testid={testId}>
      <button
        ref={toggle}
        type="button"
        className={`sori-icon-btn${open ? ' active' : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={label}
        title={label}
        onClick={(event) => {
          event.stopPropagation();
          if (open) setOpen(false);
          else openAt(0);
        }}
        onKeyDown={handleToggleKey}
      >
        {icon}
      </button>
      <ul
        id={menuId}
        role="menu"
        aria-label={label}
        className={`dropdown-menu dropdown-menu-end sori-menu-popup${upward ? ' upward' : ''}${open ? ' show' : ''}`}
        onKeyDown={handleMenuKey}
        onClick={(event) => event.stopPropagation()}
        hidden={!open}
      >
        {items.map((item, index) => (
          <li role="none" key={item.key} className={item.className}>
            <button
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`dropdown-item d-flex align-items-center gap-2${item.danger ? ' text-danger' : ''}`}
              data-testid={item.testId}
              onClick={() => {
                setOpen(false);
                toggle.current?.focus();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
