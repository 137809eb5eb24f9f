/**
 * Entry of the public login shell (build/.docgen/login.html, assets under __docgen/login/).
 * It carries no content: only the site's name, colours and auth settings from the boot JSON.
 */
import '../styles/vars.css';
import '../styles/base.css';
import { createRoot } from 'react-dom/client';
import type { SiteData } from '../types';
import { LoginShell } from './LoginShell';

const container = document.getElementById('__docgen');
const bootEl = document.getElementById('__docgen_boot');
if (container && bootEl) {
  const { site } = JSON.parse(bootEl.textContent || '{}') as { site: SiteData };
  createRoot(container).render(<LoginShell site={site} />);
}
