import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink, type ButtonVariant } from '~/components/ui/button';
import { Section, Specimen } from './specimen';

const variants = ['primary', 'secondary', 'ghost', 'danger'] as const satisfies readonly ButtonVariant[];

const plusIcon = (
  <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
    <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
  </svg>
);

/** The one button in each variant, size and state. */
export function ButtonsSection() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  return (
    <Section id="buttons" title={t('designLibrary.buttons.title')} description={t('designLibrary.buttons.description')}>
      {variants.map((variant) => (
        <Specimen key={variant} label={t(`designLibrary.buttons.variants.${variant}`)}>
          <Button variant={variant}>{t('designLibrary.buttons.save')}</Button>
          <Button variant={variant} disabled>
            {t('designLibrary.buttons.disabled')}
          </Button>
          <Button variant={variant} pending>
            {t('designLibrary.buttons.saving')}
          </Button>
        </Specimen>
      ))}
      <Specimen label={t('designLibrary.buttons.sizes')}>
        <Button size="sm">{t('designLibrary.buttons.small')}</Button>
        <Button size="md">{t('designLibrary.buttons.medium')}</Button>
        <Button size="lg">{t('designLibrary.buttons.large')}</Button>
      </Specimen>
      <Specimen label={t('designLibrary.buttons.withIcon')}>
        <Button icon={plusIcon}>{t('designLibrary.buttons.newProject')}</Button>
        <Button variant="secondary" icon={plusIcon}>
          {t('designLibrary.buttons.newProject')}
        </Button>
        <ButtonLink to="#buttons" variant="ghost">
          {t('designLibrary.buttons.link')}
        </ButtonLink>
      </Specimen>
      <Specimen label={t('designLibrary.buttons.pendingDemo')}>
        <Button
          pending={pending}
          onClick={() => {
            setPending(true);
            setTimeout(() => setPending(false), 1500);
          }}
        >
          {t('designLibrary.buttons.publish')}
        </Button>
      </Specimen>
      <Specimen label={t('designLibrary.buttons.longText')}>
        <Button className="h-auto max-w-full py-2 whitespace-normal!">{t('designLibrary.buttons.long')}</Button>
      </Specimen>
      <Specimen label={t('designLibrary.buttons.fullWidth')}>
        <Button size="lg" className="w-full">
          {t('designLibrary.buttons.continue')}
        </Button>
      </Specimen>
    </Section>
  );
}
