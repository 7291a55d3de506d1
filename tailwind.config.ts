import type { Config } from 'tailwindcss';

/**
 * The theme. Loaded by app/tailwind.css through `@config`; the screens are the spec's
 * breakpoints (§9): 600 / 840 / 1280 / 1920 px.
 */
export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    screens: {
      sm: '600px',
      md: '840px',
      lg: '1280px',
      xl: '1920px',
    },
    extend: {
      colors: {
        brand: {
          50: '#eef2ff',
          100: '#e0e7ff',
          600: '#4f46e5',
          700: '#4338ca',
          800: '#3730a3',
          900: '#312e81',
        },
      },
    },
  },
} satisfies Config;
