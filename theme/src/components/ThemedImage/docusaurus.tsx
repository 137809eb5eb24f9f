import type { ComponentProps } from 'react';
import { ThemedImage } from './index';

/**
 * `@theme/ThemedImage`, as Docusaurus sites import it: `sources={{ light, dark }}` (kept
 * apart from the navbar's ThemedImage, so the runtime every page loads does not grow).
 */
export default function DocusaurusThemedImage({ sources, ...rest }: Omit<ComponentProps<typeof ThemedImage>, 'light' | 'dark'> & { sources: { light: string; dark: string } }) {
  if (!sources?.light) throw new Error('<ThemedImage> needs sources={{ light: …, dark: … }}.');
  return <ThemedImage light={sources.light} dark={sources.dark} {...rest} />;
}
