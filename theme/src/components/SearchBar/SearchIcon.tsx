/** Magnifier glyph, decorative (the button and the input carry the labels). */
export function SearchIcon() {
  return (
    <svg className="dg-search__icon" width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M14.4 12.9l4.4 4.4-1.5 1.5-4.4-4.4a7.5 7.5 0 1 1 1.5-1.5zM8.5 14a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11z" fill="currentColor" />
    </svg>
  );
}
