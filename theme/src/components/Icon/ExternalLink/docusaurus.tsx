import { ExternalIcon } from '../../Icons';

/** `@theme/Icon/ExternalLink`, which Docusaurus's sidebar and navbar links show after an external label. */
export default function IconExternalLink(_props: { width?: number; height?: number }) {
  return <ExternalIcon />;
}
