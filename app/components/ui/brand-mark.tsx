import { faFacebook } from '@fortawesome/free-brands-svg-icons/faFacebook';
import { faInstagram } from '@fortawesome/free-brands-svg-icons/faInstagram';
import { faLinkedin } from '@fortawesome/free-brands-svg-icons/faLinkedin';
import { faTiktok } from '@fortawesome/free-brands-svg-icons/faTiktok';

/**
 * The partners' marks (Font Awesome Free brands, CC BY 4.0:
 * docs/decisions/017-brand-marks-and-preferences.md), for the partner logos and, later, channels.
 * Each in its brand's colour, or `currentColor` where it sits on a coloured button.
 */
const marks = {
  facebook: { icon: faFacebook, name: 'Facebook', colour: 'text-[#0866ff]' },
  instagram: { icon: faInstagram, name: 'Instagram', colour: 'text-[#e1306c]' },
  linkedin: { icon: faLinkedin, name: 'LinkedIn', colour: 'text-[#0a66c2] dark:text-[#4d9be6]' },
  tiktok: { icon: faTiktok, name: 'TikTok', colour: 'text-[#111] dark:text-white' },
} as const;

export type Brand = keyof typeof marks;
export const BRANDS = Object.keys(marks) as Brand[];

export function BrandMark({
  brand,
  className = 'size-5',
  mono = false,
  label,
}: {
  brand: Brand;
  className?: string;
  /** In the surrounding text colour instead of the brand's. */
  mono?: boolean;
  /** Names the mark for assistive technology; without it the mark is decorative. */
  label?: string;
}) {
  const { icon, colour } = marks[brand];
  const [width, height, , , path] = icon.icon;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className={`${className} ${mono ? '' : colour}`}
      fill="currentColor"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {(Array.isArray(path) ? path : [path]).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

export const brandName = (brand: Brand) => marks[brand].name;
