import type { ImgHTMLAttributes } from 'react';

interface ThemedImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  light: string;
  dark?: string;
}

/**
 * Both images are rendered and CSS shows the one matching data-theme: the server does not
 * know the colour mode, and swapping src after hydration would flash the wrong logo.
 */
export function ThemedImage({ light, dark, className = '', ...rest }: ThemedImageProps) {
  if (!dark || dark === light) return <img src={light} className={className} {...rest} />;
  return (
    <>
      <img src={light} className={`${className} dg-themed--light`} {...rest} />
      <img src={dark} className={`${className} dg-themed--dark`} {...rest} />
    </>
  );
}
