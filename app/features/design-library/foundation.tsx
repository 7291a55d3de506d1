import { useTranslation } from 'react-i18next';
import { BrandMark, brandName, BRANDS } from '~/components/ui/brand-mark';
import { Logo, LogoMark } from '~/components/ui/logo';
import { Section, Specimen } from './specimen';

/** Classes written out whole: Tailwind finds class names in the source, not built ones. */
const roles = [
  ['canvas', 'bg-canvas'],
  ['surface', 'bg-surface'],
  ['raised', 'bg-raised'],
  ['muted', 'bg-muted'],
  ['line', 'bg-line'],
  ['line-strong', 'bg-line-strong'],
  ['fg', 'bg-fg'],
  ['fg-muted', 'bg-fg-muted'],
  ['primary', 'bg-primary'],
  ['primary-soft', 'bg-primary-soft'],
  ['accent', 'bg-accent'],
  ['focus', 'bg-focus'],
  ['success', 'bg-success'],
  ['warning', 'bg-warning'],
  ['danger', 'bg-danger'],
  ['info-soft', 'bg-info-soft'],
] as const;

const brandScale = [
  'bg-brand-50',
  'bg-brand-100',
  'bg-brand-200',
  'bg-brand-300',
  'bg-brand-400',
  'bg-brand-500',
  'bg-brand-600',
  'bg-brand-700',
  'bg-brand-800',
  'bg-brand-900',
  'bg-brand-950',
] as const;

const sentiments = [
  ['positive', 'bg-sentiment-positive'],
  ['mixed', 'bg-sentiment-mixed'],
  ['negative', 'bg-sentiment-negative'],
  ['neutral', 'bg-sentiment-neutral'],
  ['unclassified', 'bg-sentiment-unclassified'],
] as const;

const typeScale = [
  ['text-4xl', 'text-4xl font-bold tracking-tight'],
  ['text-3xl', 'text-3xl font-bold tracking-tight'],
  ['text-2xl', 'text-2xl font-bold tracking-tight'],
  ['text-xl', 'text-xl font-semibold'],
  ['text-lg', 'text-lg font-semibold'],
  ['text-base', 'text-base'],
  ['text-sm', 'text-sm'],
  ['text-xs', 'text-xs'],
] as const;

const radii = ['rounded-sm', 'rounded-md', 'rounded-lg', 'rounded-xl', 'rounded-2xl', 'rounded-full'] as const;
const shadows = ['shadow-xs', 'shadow-sm', 'shadow-md', 'shadow-lg'] as const;
const spacing = [
  ['1', 'w-1'],
  ['2', 'w-2'],
  ['3', 'w-3'],
  ['4', 'w-4'],
  ['6', 'w-6'],
  ['8', 'w-8'],
  ['12', 'w-12'],
  ['16', 'w-16'],
] as const;

function Swatch({ name, className }: { name: string; className: string }) {
  return (
    <div className="flex w-24 flex-col gap-1.5">
      <span className={`h-10 rounded-md ring-1 ring-line ${className}`} />
      <code className="truncate text-xs text-fg-muted">{name}</code>
    </div>
  );
}

/** Tokens first: what every component is made of (app/tailwind.css). */
export function FoundationSection() {
  const { t } = useTranslation();
  return (
    <Section
      id="foundation"
      title={t('designLibrary.foundation.title')}
      description={t('designLibrary.foundation.description')}
    >
      <Specimen label={t('designLibrary.foundation.roles')} wide>
        {roles.map(([name, className]) => (
          <Swatch key={name} name={name} className={className} />
        ))}
      </Specimen>
      <Specimen label={t('designLibrary.foundation.brand')} wide>
        {brandScale.map((className) => (
          <Swatch key={className} name={className.replace('bg-', '')} className={className} />
        ))}
      </Specimen>
      <Specimen label={t('designLibrary.foundation.sentiments')} wide>
        {sentiments.map(([name, className]) => (
          <Swatch key={name} name={name} className={className} />
        ))}
      </Specimen>
      <Specimen label={t('designLibrary.foundation.type')} wide>
        <div className="flex w-full flex-col gap-3">
          {typeScale.map(([name, className]) => (
            <div key={name} className="flex items-baseline gap-4">
              <code className="w-20 shrink-0 text-xs text-fg-muted">{name}</code>
              <p className={`${className} truncate text-fg`}>{t('designLibrary.foundation.pangram')}</p>
            </div>
          ))}
        </div>
      </Specimen>
      <Specimen label={t('designLibrary.foundation.spacing')}>
        <div className="flex flex-col gap-2">
          {spacing.map(([step, className]) => (
            <div key={step} className="flex items-center gap-3">
              <code className="w-6 text-xs text-fg-muted">{step}</code>
              <span className={`h-3 rounded-sm bg-primary ${className}`} />
            </div>
          ))}
        </div>
      </Specimen>
      <Specimen label={t('designLibrary.foundation.radii')}>
        {radii.map((className) => (
          <span
            key={className}
            className={`size-12 border-2 border-primary bg-primary-soft ${className}`}
            title={className}
          />
        ))}
      </Specimen>
      <Specimen label={t('designLibrary.foundation.shadows')}>
        {shadows.map((className) => (
          <span
            key={className}
            className={`flex size-16 items-center justify-center rounded-lg bg-raised ${className}`}
          >
            <code className="text-[0.625rem] text-fg-muted">{className.replace('shadow-', '')}</code>
          </span>
        ))}
      </Specimen>
      <Specimen label={t('designLibrary.foundation.logo')}>
        <Logo />
        <LogoMark className="h-12" />
        <LogoMark className="h-6" />
      </Specimen>
      <Specimen label={t('designLibrary.foundation.brandMarks')}>
        {BRANDS.map((brand) => (
          <BrandMark key={brand} brand={brand} className="size-8" label={brandName(brand)} />
        ))}
      </Specimen>
      <Specimen label={t('designLibrary.foundation.focus')}>
        <button
          type="button"
          className="focus-ring rounded-md bg-muted px-3 py-2 text-sm font-medium text-fg outline-focus"
        >
          {t('designLibrary.foundation.focusSample')}
        </button>
      </Specimen>
    </Section>
  );
}
