import { Link, type LinkProps } from '@remix-run/react';

export const textLinkClass =
  'rounded font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none';

/** An in-app link set in running text. */
export function TextLink({ className = '', ...props }: LinkProps) {
  return <Link {...props} className={`${textLinkClass} ${className}`} />;
}
