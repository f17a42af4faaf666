import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface NavMenuItem {
  key: string;
  label: ReactNode;
  /** Marks the current choice (language, theme); announced with aria-checked. */
  checked?: boolean;
  lang?: string;
  testId?: string;
  onSelect: () => void;
}

export interface NavMenuProps {
  /** What the toggle button shows; it must contain text (visible or visually hidden) naming the menu. */
  label: ReactNode;
  items: readonly NavMenuItem[];
  /** Items are choices of one setting (menuitemradio) rather than actions. */
  selectable?: boolean;
  testId?: string;
  /** Notified when the pointer or focus reaches the toggle, e.g. to warm up code an item will need. */
  onIntent?: () => void;
}

/**
 * A navbar dropdown in Bootstrap's markup, following the WAI-ARIA menu-button pattern (arrow keys, Home,
 * End, Escape, Tab closes). Written here rather than taken from react-bootstrap because that one brings
 * Popper and its overlay stack into the first page's bundle, and a menu that drops straight down from a
 * navbar needs no positioning engine.
 */
export function NavMenu({ label, items, selectable, testId, onIntent }: NavMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLLIElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const toggleId = useId();

  useEffect(() => {
    if (!open) return;
    const handlePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    return () => document.removeEventListener('pointerdown', handlePointer);
  }, [open]);

  const focusItem = (index: number) => {
    const count = items.length;
    if (count === 0) return;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };

  const openAndFocus = (index: number) => {
    setOpen(true);
    // The menu renders on the next frame; focus moves once it is there.
    requestAnimationFrame(() => focusItem(index));
  };

  const handleToggleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAndFocus(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(items.length - 1);
    }
  };

  const handleMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = itemRefs.current.findIndex((el) => el === document.activeElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(items.length - 1);
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        break;
    }
  };

  // Escape closes the menu wherever the focus is in it, the toggle included (a menu opened with Enter keeps
  // the focus there until an arrow key), and hands the focus back to the toggle. The key goes no further,
  // so an enclosing phone menu stays open.
  const handleRootKey = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <li className={`nav-item dropdown sori-menu${open ? ' show' : ''}`} ref={rootRef} data-testid={testId} onKeyDown={handleRootKey}>
      <button
        ref={toggleRef}
        id={toggleId}
        type="button"
        className={`nav-link dropdown-toggle${open ? ' show' : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={(event) => {
          // Opened from the keyboard (Enter or Space: a click without a pointer), the focus moves into the menu,
          // onto the current choice if there is one, as the menu-button pattern has it.
          if (!open && event.detail === 0)
            openAndFocus(
              Math.max(
                0,
                items.findIndex((item) => item.checked),
              ),
            );
          else setOpen((value) => !value);
        }}
        onKeyDown={handleToggleKey}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        {label}
      </button>
      <ul
        id={menuId}
        role="menu"
        aria-labelledby={toggleId}
        className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`}
        onKeyDown={handleMenuKey}
        hidden={!open}
      >
        {items.map((item, index) => (
          <li role="none" key={item.key}>
            <button
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              type="button"
              role={selectable ? 'menuitemradio' : 'menuitem'}
              aria-checked={selectable ? Boolean(item.checked) : undefined}
              tabIndex={-1}
              lang={item.lang}
              className={`dropdown-item d-flex align-items-center gap-2${item.checked ? ' active' : ''}`}
              data-testid={item.testId}
              onClick={() => {
                setOpen(false);
                toggleRef.current?.focus();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
}
