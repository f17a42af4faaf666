import type { SVGProps } from 'react';

/**
 * A handful of line icons drawn for Sori (24×24, stroke = currentColor), kept inline so the shell needs no
 * icon font or extra request. Decorative by default: the text beside an icon carries its meaning.
 */
const PATHS = {
  home: 'M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9',
  search: 'M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15Zm5.3-2.2L21 21',
  music: 'M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0Zm11-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
  heart: 'M12 20s-7.5-4.6-9.2-9.3C1.7 7.5 3.8 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.2 0 5.3 3 4.2 6.2C19.5 15.4 12 20 12 20Z',
  download: 'M12 3v12m0 0-5-5m5 5 5-5M4 17v3h16v-3',
  upload: 'M12 16V4m0 0L7 9m5-5 5 5M4 17v3h16v-3',
  list: 'M8 6h13M8 12h13M8 18h9M3.5 6h.01M3.5 12h.01M3.5 18h.01',
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
  user: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm-8 9c.8-4 4-6 8-6s7.2 2 8 6',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-18c2.5 2.4 3.8 5.4 3.8 9s-1.3 6.6-3.8 9c-2.5-2.4-3.8-5.4-3.8-9S9.5 5.4 12 3ZM3.5 9h17M3.5 15h17',
  sun: 'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0-14v2m0 16v2M4.2 4.2l1.4 1.4m12.8 12.8 1.4 1.4M2 12h2m16 0h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
  moon: 'M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11Z',
  contrast: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-18v18',
  menu: 'M4 7h16M4 12h16M4 17h16',
  check: 'M5 12.5 10 17l9-10',
  // A small solid dot: a list item not yet told apart (a password rule before anything is typed).
  dot: 'M12 11a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z',
  wave: 'M3 12h2m3-5v10m4-14v18m4-13v8m4-5v2',
  shield: 'M12 3 4.5 6v5.5c0 4.6 3.2 8.4 7.5 9.5 4.3-1.1 7.5-4.9 7.5-9.5V6L12 3Zm-3.5 9 2.5 2.5 4.5-5',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4m-4-4h11',
  login: 'M15 4h4v16h-4M11 8l4 4-4 4m4-4H4',
  lock: 'M6.5 10.5V8a5.5 5.5 0 0 1 11 0v2.5M5 10.5h14V21H5V10.5Z',
  sparkle: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8L12 3Zm7 12 .8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8L19 15Z',
  play: 'M7 4.5v15l12.5-7.5L7 4.5Z',
  pause: 'M7.5 4.5v15m9-15v15',
  previous: 'M6 5v14M18 5.5 9 12l9 6.5v-13Z',
  next: 'M18 5v14M6 5.5 15 12l-9 6.5v-13Z',
  repeat: 'M17 2.5 20.5 6 17 9.5M3.5 11V9.5A3.5 3.5 0 0 1 7 6h13.5M7 21.5 3.5 18 7 14.5M20.5 13v1.5A3.5 3.5 0 0 1 17 18H3.5',
  volume: 'M11 5 6 9H3v6h3l5 4V5Zm4.5 3.5a5 5 0 0 1 0 7m3-10a9 9 0 0 1 0 13',
  volumeLow: 'M11 5 6 9H3v6h3l5 4V5Zm4.5 3.5a5 5 0 0 1 0 7',
  volumeOff: 'M11 5 6 9H3v6h3l5 4V5Zm11 4.5-5 5m0-5 5 5',
  close: 'M6 6l12 12M18 6 6 18',
  // Three solid dots (r 1.3 plus the stroke): zero-length strokes drew 1.8 px specks, fainter than the other icons.
  more: 'M12 5.2a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6ZM12 10.7a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6ZM12 16.2a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6Z',
  share:
    'M8.6 13.5l6.8 4M15.4 6.5l-6.8 4M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm12 7a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-10v5.5M12 7.5h.01',
  trash: 'M4 7h16M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13M10 11v5.5m4-5.5v5.5',
  edit: 'M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Zm9.5-13.5 4 4',
  filter: 'M4 5h16l-6.2 7.4V19l-3.6-1.8v-4.8L4 5Z',
  listAdd: 'M4 6h11M4 12h11M4 18h7m9-3v6m-3-3h6',
  listRemove: 'M4 6h11M4 12h11M4 18h7m6 0h6',
  chevronLeft: 'M14.5 6 8.5 12l6 6',
  chevronRight: 'M9.5 6l6 6-6 6',
  chevronsLeft: 'M12 6 6 12l6 6m6-12-6 6 6 6',
  chevronsRight: 'M12 6l6 6-6 6M6 6l6 6-6 6',
  chevronDown: 'M6 9.5l6 6 6-6',
  link: 'M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1',
  file: 'M13.5 3H6v18h12V7.5L13.5 3Zm0 0v4.5H18',
  // Kinds of device (the account page's signed-in devices).
  desktop: 'M3 4.5h18v11.5H3V4.5ZM8.5 20h7M12 16v4',
  mobile: 'M7.5 2.5h9v19h-9v-19ZM11 18.5h2',
  tablet: 'M5 3h14v18H5V3Zm6 15h2',
  tv: 'M3 6.5h18V18H3V6.5ZM8 3l4 3.5L16 3M7 21h10',
} as const;

export type IconName = keyof typeof PATHS;

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  /** Which icon to draw. */
  name: IconName;
  /** Fills the shape with the current colour (a liked heart, the play triangle). */
  filled?: boolean;
  /** Edge length in pixels. */
  size?: number;
  /** When given, the icon is announced with this text instead of being hidden from assistive tech. */
  label?: string;
}

export function Icon({ name, size = 18, label, filled = false, className, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ? `sori-icon ${className}` : 'sori-icon'}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
