/** Inline icons (no icon font, no emoji: both render unreliably across phones). */
type IconProps = { size?: number };
const svg = (size: number) => ({ width: size, height: size, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const, 'aria-hidden': true });

export const SunIcon = ({ size = 20 }: IconProps) => (
  <svg {...svg(size)}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </svg>
);
export const MoonIcon = ({ size = 20 }: IconProps) => (
  <svg {...svg(size)}>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </svg>
);
export const EyeIcon = ({ size = 20 }: IconProps) => (
  <svg {...svg(size)}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);
export const EyeOffIcon = ({ size = 20 }: IconProps) => (
  <svg {...svg(size)}>
    <path d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.1A10.6 10.6 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
  </svg>
);
export const MenuIcon = ({ size = 22 }: IconProps) => (
  <svg {...svg(size)}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);
/** The brand mark: a cell under the lens. */
export const LogoMark = ({ size = 28 }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
    <circle cx="16" cy="16" r="15" fill="var(--c-brand)" />
    <circle cx="16" cy="16" r="9" fill="none" stroke="var(--c-on-brand)" strokeWidth="2.5" />
    <circle cx="18" cy="14" r="3" fill="var(--c-on-brand)" />
    <circle cx="12.5" cy="18.5" r="1.5" fill="var(--c-on-brand)" />
  </svg>
);
export const LockIcon = ({ size = 20 }: IconProps) => (
  <svg {...svg(size)}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);
export const UnlockIcon = ({ size = 20 }: IconProps) => (
  <svg {...svg(size)}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 7.5-2" />
  </svg>
);
export const PlayIcon = ({ size = 20 }: IconProps) => (
  <svg {...svg(size)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M10 8.5v7l5.5-3.5z" fill="currentColor" />
  </svg>
);
export const PlusIcon = ({ size = 20 }: IconProps) => (
  <svg {...svg(size)}>
    <path d="M12 5v14M5 12h14" />
  </svg>
);
export const EditIcon = ({ size = 18 }: IconProps) => (
  <svg {...svg(size)}>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
  </svg>
);
export const TrashIcon = ({ size = 18 }: IconProps) => (
  <svg {...svg(size)}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </svg>
);
export const CloseIcon = ({ size = 18 }: IconProps) => (
  <svg {...svg(size)}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
export const BellIcon = ({ size = 20 }: IconProps) => (
  <svg {...svg(size)}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />
  </svg>
);
/** Install the app (an arrow down into a tray). */
export const InstallIcon = ({ size = 20 }: IconProps) => (
  <svg {...svg(size)}>
    <path d="M12 3v12M7 10l5 5 5-5M4 17v3h16v-3" />
  </svg>
);
