import { Link, type LinkProps } from '@remix-run/react';

export const textLinkClass = 'focus-ring rounded-sm font-semibold text-link underline-offset-2 hover:underline';

/** An in-app link set in running text. */
export function TextLink({ className = '', ...props }: LinkProps) {
  return <Link {...props} className={`${textLinkClass} ${className}`} />;
}
