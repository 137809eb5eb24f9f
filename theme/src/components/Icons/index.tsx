import type { ReactNode } from 'react';

/** Small inline SVG icons (no icon font, no extra request). Decorative: hidden from assistive tech. */
function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg className="dg-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false"
      fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      {children}
    </svg>
  );
}

export const MenuIcon = () => <Icon size={24}><path d="M3 6h18M3 12h18M3 18h18" /></Icon>;
export const CloseIcon = () => <Icon><path d="M6 6l12 12M18 6L6 18" /></Icon>;
export const ChevronIcon = () => <Icon size={16}><path d="M6 9l6 6 6-6" /></Icon>;
export const HomeIcon = () => <Icon size={18}><path d="M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10" /></Icon>;
export const GlobeIcon = () => <Icon size={18}><circle cx="12" cy="12" r="9" /><path d="M3 12h18M12 3a14 14 0 010 18M12 3a14 14 0 000 18" /></Icon>;
export const CopyIcon = () => <Icon size={18}><rect x="9" y="9" width="12" height="12" rx="2" /><path d="M5 15V5a2 2 0 012-2h10" /></Icon>;
export const CheckIcon = () => <Icon size={18}><path d="M5 13l4 4L19 7" /></Icon>;
export const ExternalIcon = () => <Icon size={13}><path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5" /></Icon>;
export const SunIcon = () => <Icon><circle cx="12" cy="12" r="4" /><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" /></Icon>;
export const MoonIcon = () => <Icon><path d="M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z" /></Icon>;
export const SystemIcon = () => <Icon><rect x="3" y="4" width="18" height="12" rx="2" /><path d="M8 20h8M12 16v4" /></Icon>;

export const NoteIcon = () => <Icon><path d="M12 20h9M16.5 3.5a2.1 2.1 0 013 3L7 19l-4 1 1-4z" /></Icon>;
export const TipIcon = () => <Icon><path d="M9 18h6M10 22h4M12 2a7 7 0 00-4 12.7V16h8v-1.3A7 7 0 0012 2z" /></Icon>;
export const InfoIcon = () => <Icon><circle cx="12" cy="12" r="9" /><path d="M12 11v6M12 7.5v.5" /></Icon>;
export const WarningIcon = () => <Icon><path d="M10.3 3.9L1.8 18a2 2 0 001.7 3h17a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0zM12 9v4M12 17v.5" /></Icon>;
export const DangerIcon = () => <Icon><path d="M7.9 2h8.2L22 7.9v8.2L16.1 22H7.9L2 16.1V7.9z" /><path d="M12 8v4M12 16v.5" /></Icon>;
