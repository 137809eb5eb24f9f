import type { ImgHTMLAttributes } from 'react';

interface ThemedImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  /** Docusaurus's form: `sources={{ light, dark }}`. */
  sources?: { light: string; dark: string };
  light?: string;
  dark?: string;
}

/**
 * Both images are rendered and CSS shows the one matching data-theme: the server does not
 * know the colour mode, and swapping src after hydration would flash the wrong logo.
 */
export function ThemedImage({ sources, light: lightProp, dark: darkProp, className = '', ...rest }: ThemedImageProps) {
  const light = sources?.light ?? lightProp;
  const dark = sources?.dark ?? darkProp;
  if (!light) throw new Error('<ThemedImage> needs sources={{ light: …, dark: … }}.');
  if (!dark || dark === light) return <img src={light} className={className} {...rest} />;
  return (
    <>
      <img src={light} className={`${className} dg-themed--light`.trim()} {...rest} />
      <img src={dark} className={`${className} dg-themed--dark`.trim()} {...rest} />
    </>
  );
}

/** `@theme/ThemedImage`, as Docusaurus sites import it. */
export default ThemedImage;
