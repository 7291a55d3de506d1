import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from '@remix-run/react';
import { Spinner } from './spinner';

export { Spinner };

/**
 * The one button. Variants say how much it matters on its screen (one primary per screen);
 * sizes say how much room it has. Colours are roles (app/tailwind.css), so both themes hold.
 */
const variants = {
  primary: 'bg-primary text-on-primary shadow-xs hover:bg-primary-hover',
  secondary: 'bg-surface text-fg shadow-xs ring-1 ring-inset ring-line-strong hover:bg-muted',
  ghost: 'text-fg hover:bg-muted',
  danger: 'bg-danger text-on-danger shadow-xs hover:bg-danger-hover',
  // Facebook's blue, darkened to keep white text at 4.5:1 in both themes (a brand's own colour).
  facebook: 'bg-[#1466d3] text-white shadow-xs hover:bg-[#0f5ac8]',
} as const;

// A disabled button that fills or frames itself loses its colour for a flat grey: a filled one
// merely faded still read as a button to press, in the light theme most of all. A ghost one,
// which has no colour to lose, fades.
const disabledClass = (variant: ButtonVariant) =>
  variant === 'ghost'
    ? 'disabled:opacity-50 disabled:hover:bg-transparent'
    : 'disabled:bg-muted disabled:text-fg-subtle disabled:shadow-none disabled:ring-1 disabled:ring-inset disabled:ring-line';

const sizes = {
  sm: 'h-8 gap-1.5 rounded-md px-3 text-sm',
  md: 'h-10 gap-2 rounded-md px-4 text-sm',
  lg: 'h-12 gap-2 rounded-lg px-5 text-base',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export function buttonClass(variant: ButtonVariant = 'primary', extra = '', size: ButtonSize = 'md') {
  return `focus-ring inline-flex shrink-0 items-center justify-center font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed aria-disabled:cursor-progress ${sizes[size]} ${variants[variant]} ${disabledClass(variant)} ${extra}`;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Busy with what it started: a spinner, and further presses do nothing (focus stays). */
  pending?: boolean;
  /** Before the label (decorative; the label names the button). */
  icon?: ReactNode;
};

export function Button({
  variant = 'primary',
  size = 'md',
  pending = false,
  icon,
  className = '',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type="button"
      {...props}
      aria-disabled={pending || props['aria-disabled'] || undefined}
      onClick={(event) => {
        // Not `disabled`: a disabled button would drop keyboard focus mid-request. A button that
        // is `aria-disabled` for the same reason (busy without a spinner) does nothing either.
        if (pending || String(props['aria-disabled']) === 'true') {
          return event.preventDefault();
        }
        props.onClick?.(event);
      }}
      className={buttonClass(variant, className, size)}
    >
      {pending ? <Spinner /> : icon}
      {children}
    </button>
  );
}

export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className = '',
  ...props
}: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <Link {...props} className={buttonClass(variant, className, size)} />;
}

/**
 * A form's submit button, showing the pending state of its form with a spinner beside its own
 * label; the words for what is happening are said once, by the form's status line.
 */
export function StatusButton({ pending, className = '', ...props }: Omit<ButtonProps, 'type'> & { pending: boolean }) {
  return <Button {...props} type="submit" pending={pending} className={`w-full ${className}`} />;
}
