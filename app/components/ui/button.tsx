import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from '@remix-run/react';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/70 focus-visible:ring-brand-600',
  secondary: 'border border-slate-400 bg-white text-slate-800 hover:bg-slate-50 focus-visible:ring-brand-600',
  // Facebook's blue, darkened to keep white text at 4.5:1 contrast.
  facebook: 'bg-[#1466d3] text-white hover:bg-[#0f5ac8] focus-visible:ring-[#1466d3]',
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = 'primary', extra = '') {
  return `inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold shadow-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed ${variants[variant]} ${extra}`;
}

export function Button({
  variant = 'primary',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type="button" {...props} className={buttonClass(variant, className)} />;
}

export function ButtonLink({ variant = 'primary', className = '', ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link {...props} className={buttonClass(variant, className)} />;
}

/**
 * A submit button that shows the pending state of its form with a spinner beside its own
 * label; the words for what is happening are said once, by the form's status line.
 */
export function StatusButton({
  pending,
  children,
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean }) {
  return (
    <button
      type="submit"
      {...props}
      aria-disabled={pending || undefined}
      className={buttonClass('primary', `w-full ${className}`)}
      onClick={(event) => {
        // Not `disabled`: a disabled button would drop keyboard focus mid-submit.
        if (pending) event.preventDefault();
        props.onClick?.(event);
      }}
    >
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
}

export function Spinner({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path d="M22 12a10 10 0 0 1-10 10" stroke="currentColor" strokeWidth="4" className="opacity-90" />
    </svg>
  );
}
