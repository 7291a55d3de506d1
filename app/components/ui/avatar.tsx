import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A person's initials: the first letter of their first and last names ("Ada Lovelace" → "AL";
 * with `parts`, of each: "Maria" "De Luca" → "MD"),
 * one letter for a single name, nothing for no name. A "letter" is any script's letter or digit
 * with its combining marks ("Élodie", "Ελένη", "王", "محمد"), so punctuation and emoji are skipped
 * rather than shown as half a character.
 */
export function initials(name: string, parts?: readonly [first: string, last: string]): string {
  const firstLetter = (text: string) => text.match(/[\p{L}\p{N}]\p{M}*/u)?.[0];
  // Known apart, each name gives its first letter: "Maria" "De Luca" is MD, not ML.
  const firsts = (parts ?? name.trim().split(/\s+/)).map(firstLetter).filter((letter): letter is string => !!letter);
  if (firsts.length === 0) return '';
  const picked = firsts.length === 1 ? [firsts[0]] : [firsts[0], firsts[firsts.length - 1]];
  return picked.map((letter) => letter!.toLocaleUpperCase()).join('');
}

/**
 * Background and text pairs from the role tokens, each readable in both themes. Not the danger
 * pair: a red face would read as an error.
 */
const colours = [
  'bg-primary-soft text-primary',
  'bg-info-soft text-info-fg',
  'bg-success-soft text-success-fg',
  'bg-warning-soft text-warning-fg',
  'bg-sentiment-neutral-soft text-sentiment-neutral-fg',
  'bg-muted text-fg',
] as const;

/** The same name gets the same colour on every screen and every visit: a hash, not a random pick. */
export function avatarColour(name: string): string {
  let hash = 0;
  for (const char of name.trim().toLocaleLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return colours[hash % colours.length]!;
}

const sizes = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-14 text-lg',
} as const;

export type AvatarSize = keyof typeof sizes;

/**
 * A person's picture, or their initials on a colour of their own when there is none (or it fails
 * to load). Named after the person; `decorative` when their name is already written beside it, so
 * it is not read twice.
 */
export function Avatar({
  name,
  src,
  alt,
  nameParts,
  size = 'md',
  decorative = false,
  className = '',
}: {
  name: string;
  src?: string | undefined;
  /** The picture's text alternative; the person's name unless said otherwise. */
  alt?: string;
  /** The first and last names apart, when known: the initials are their first letters. */
  nameParts?: readonly [first: string, last: string];
  size?: AvatarSize;
  decorative?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | undefined>();
  const label = name.trim() || t('ui.avatar.unknown');
  const frame = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full select-none ${sizes[size]} ${className}`;

  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt={decorative ? '' : (alt ?? label)}
        onError={() => setFailed(src)}
        className={`${frame} bg-muted object-cover ring-1 ring-line`}
      />
    );
  }

  const letters = initials(name, nameParts);
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative || undefined}
      className={`${frame} font-semibold ${avatarColour(name)}`}
    >
      {letters ? (
        <span aria-hidden="true">{letters}</span>
      ) : (
        // No letters to show: a person's outline.
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-3/5">
          <path d="M10 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM3.465 14.493a1.23 1.23 0 0 0 .41 1.412A9.957 9.957 0 0 0 10 18c2.31 0 4.438-.784 6.131-2.1.43-.333.604-.903.408-1.41a7.002 7.002 0 0 0-13.074.003Z" />
        </svg>
      )}
    </span>
  );
}
