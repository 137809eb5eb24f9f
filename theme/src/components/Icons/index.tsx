/**
 * Small decorative icons, drawn by CSS masks (styles/icons.css) so they add no JavaScript.
 * Hidden from assistive tech: every control that shows one has its own text label.
 */
function icon(name: string) {
  return function Icon() {
    return <span className={`dg-icon dg-icon--${name}`} aria-hidden="true" />;
  };
}

export const MenuIcon = icon('menu');
export const CloseIcon = icon('close');
export const ChevronIcon = icon('chevron');
export const HomeIcon = icon('home');
export const GlobeIcon = icon('globe');
export const CopyIcon = icon('copy');
export const CheckIcon = icon('check');
export const ExternalIcon = icon('external');
export const SunIcon = icon('sun');
export const MoonIcon = icon('moon');
export const SystemIcon = icon('system');
export const NoteIcon = icon('note');
export const TipIcon = icon('tip');
export const InfoIcon = icon('info');
export const WarningIcon = icon('warning');
export const DangerIcon = icon('danger');
export const DocIcon = icon('doc');
export const FolderIcon = icon('folder');
export const EditIcon = icon('edit');
export const ArrowUpIcon = icon('arrow-up');
export const ClockIcon = icon('clock');
