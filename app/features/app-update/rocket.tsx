/**
 * The update dialog's picture: a rocket lifting off inside the brand's soft teal, its fins and
 * flame in the coral of the logo's moon. Decorative (the dialog's words say it all); role
 * colours, so it sits on either theme.
 */
export function Rocket({ className = 'h-28' }: { className?: string }) {
  return (
    <svg viewBox="0 0 120 120" className={`w-auto ${className}`} aria-hidden="true">
      <circle cx="60" cy="60" r="56" className="fill-primary-soft" />
      {/* Stars, and the trail the rocket leaves. */}
      <circle cx="28" cy="32" r="2" className="fill-primary/40" />
      <circle cx="92" cy="88" r="2.5" className="fill-primary/40" />
      <circle cx="86" cy="26" r="1.5" className="fill-accent/60" />
      <circle cx="22" cy="70" r="1.5" className="fill-accent/60" />
      <path d="M30 96 L44 82" strokeWidth="3" strokeLinecap="round" className="stroke-primary/30" />
      <path d="M22 84 L34 72" strokeWidth="3" strokeLinecap="round" className="stroke-primary/20" />
      <g transform="rotate(45 60 60)">
        {/* Flame under the body. */}
        <path d="M52 84 Q60 108 68 84 Z" className="fill-accent" />
        <path d="M56 84 Q60 98 64 84 Z" className="fill-warning" />
        {/* Fins. */}
        <path d="M48 62 L36 80 L48 80 Z" className="fill-accent" />
        <path d="M72 62 L84 80 L72 80 Z" className="fill-accent" />
        {/* Body with its nose cone. */}
        <path d="M60 18 C74 30 74 58 72 84 L48 84 C46 58 46 30 60 18 Z" className="fill-primary" />
        <path d="M60 18 C66 23 69 29 70.5 36 L49.5 36 C51 29 54 23 60 18 Z" className="fill-accent" />
        {/* Porthole. */}
        <circle cx="60" cy="54" r="8" className="fill-on-primary" />
        <circle cx="60" cy="54" r="4.5" className="fill-primary-soft" />
      </g>
    </svg>
  );
}
