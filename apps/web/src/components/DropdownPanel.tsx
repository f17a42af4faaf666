import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useDismiss } from './useDismiss';

export interface DropdownPanelProps {
  /** The toggle's visible text. */
  label: string;
  /** A short summary of the current choice shown after the label (e.g. 'Jazz'), or nothing. */
  value?: string | null;
  /** Marks the toggle as holding a choice. */
  active?: boolean;
  /** The panel's controls; as a function, given `done`, which closes the panel and puts focus back on the toggle. */
  children: ReactNode | ((done: () => void) => ReactNode);
  testId?: string;
  /** Accessible name of the panel. */
  panelLabel: string;
  align?: 'start' | 'end';
  wide?: boolean;
}

/**
 * A toggle that opens a panel of form controls under it (the disclosure pattern: the panel is a labelled
 * group, Tab moves through its controls, Escape or a press outside closes it).
 */
export function DropdownPanel({ label, value, active, children, testId, panelLabel, align = 'start', wide }: DropdownPanelProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, root, close, toggle);
  // A choice made inside the panel hides it: focus, which was on the choice, goes back to the toggle
  // rather than to the page's start.
  const toggleId = `${panelId}-toggle`;
  const done = useCallback(() => {
    setOpen(false);
    document.getElementById(toggleId)?.focus();
  }, [toggleId]);

  return (
    <div
      className="sori-dropdown"
      ref={root}
      data-testid={testId}
      onBlur={(event) => {
        // Tabbing out of the panel closes it, as a menu would. A press inside the panel can hand focus to
        // a focusable ancestor (<main tabindex=-1>), which is not leaving it.
        const next = event.relatedTarget as Node | null;
        if (open && next && root.current && !root.current.contains(next) && !next.contains(root.current)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        id={toggleId}
        type="button"
        className={`sori-filter-toggle${active ? ' active' : ''}${open ? ' open' : ''}`}
        // Heard as "Genre, Jazz": read from its parts it was "Genre ·Jazz", the drawn dot read and the pause
        // lost. The name holds the visible words, so a voice command naming them finds it.
        aria-label={value ? `${label}, ${value}` : undefined}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <span>{label}</span>
        {/* A space in the text (not drawn between flex items), so the visible words are the name's words. */}
        {value ? ' ' : null}
        {value ? <span className="sori-filter-value">{value}</span> : null}
        <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="sori-filter-caret">
          <path d="M6 9.5l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div
        id={panelId}
        role="group"
        aria-label={panelLabel}
        className={`sori-dropdown-panel${align === 'end' ? ' end' : ''}${wide ? ' wide' : ''}`}
        hidden={!open}
      >
        {typeof children === 'function' ? children(done) : children}
      </div>
    </div>
  );
}
