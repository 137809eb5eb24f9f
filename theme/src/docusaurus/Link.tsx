import { Link as ThemeLink, type LinkProps as ThemeLinkProps } from '../components/Link';
import { useSite } from '../hooks/useSite';
import { withBaseUrl } from './useBaseUrl';

export type LinkProps = ThemeLinkProps & { to?: string; autoAddBaseUrl?: boolean };

/** `@docusaurus/Link`: `to` or `href`; site-absolute paths get the baseUrl, as in Docusaurus. */
export default function Link({ to, href, autoAddBaseUrl = true, ...rest }: LinkProps) {
  const { baseUrl } = useSite();
  const target = to ?? href ?? '';
  return <ThemeLink href={autoAddBaseUrl ? withBaseUrl(baseUrl, target) : target} {...rest} />;
}
