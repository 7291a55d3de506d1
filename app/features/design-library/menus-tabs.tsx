import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppMenu, menuSeparator, type MenuAction, type MenuEntry } from '~/components/ui/menu';
import { AppTabs } from '~/components/ui/tabs';
import { CompactSelect } from '~/components/ui/compact-select';
import { Section, Specimen } from './specimen';
import { StrokeIcon } from '~/components/ui/icon';

function Icon({ children }: { children: ReactNode }) {
  return <StrokeIcon>{children}</StrokeIcon>;
}

const icons = {
  edit: (
    <Icon>
      <path d="M4 20h4L18.5 9.5a2.8 2.8 0 0 0-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </Icon>
  ),
  duplicate: (
    <Icon>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </Icon>
  ),
  share: (
    <Icon>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </Icon>
  ),
  archive: (
    <Icon>
      <rect x="3" y="4" width="18" height="4" rx="1" />
      <path d="M5 8v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8M10 12h4" />
    </Icon>
  ),
  delete: (
    <Icon>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </Icon>
  ),
};

/** Menus and tabs. What a menu item does here is only to say it was chosen. */
export function MenusTabsSection() {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string>();
  const [density, setDensity] = useState<'comfortable' | 'dense'>('comfortable');
  const item = (key: keyof typeof icons, flags: Pick<MenuAction, 'danger' | 'disabled'> = {}): MenuAction => {
    const label = t(`designLibrary.menusTabs.menu.${key}`);
    return { label, icon: icons[key], onSelect: () => setChosen(label), ...flags };
  };
  const items: MenuEntry[] = [
    item('edit'),
    item('duplicate'),
    item('share'),
    item('archive', { disabled: true }),
    menuSeparator,
    item('delete', { danger: true }),
  ];
  const chosenLine = (
    <p className="w-full text-sm text-fg-muted" aria-live="polite">
      {chosen ? t('designLibrary.menusTabs.menu.chosen', { item: chosen }) : t('designLibrary.menusTabs.menu.none')}
    </p>
  );
  const panel = (text: string) => <p className="text-sm text-fg">{text}</p>;
  return (
    <Section
      id="menus-tabs"
      title={t('designLibrary.menusTabs.title')}
      description={t('designLibrary.menusTabs.description')}
    >
      <Specimen label={t('designLibrary.menusTabs.menu.caption')}>
        <AppMenu label={t('designLibrary.menusTabs.menu.trigger')} items={items} />
        {chosenLine}
      </Specimen>
      <Specimen label={t('designLibrary.menusTabs.menu.iconCaption')}>
        <AppMenu label={t('designLibrary.menusTabs.menu.more')} iconOnly items={items} />
      </Specimen>
      <Specimen label={t('designLibrary.menusTabs.compact.caption')}>
        <CompactSelect
          label={t('designLibrary.menusTabs.compact.label')}
          value={density}
          face={<StrokeIcon d={density === 'dense' ? 'M4 5h16M4 9h16M4 13h16M4 17h16' : 'M4 6h16M4 12h16M4 18h16'} />}
          options={(['comfortable', 'dense'] as const).map((value) => ({
            value,
            label: t(`designLibrary.menusTabs.compact.${value}`),
          }))}
          onChange={(value) => setDensity(value === 'dense' ? 'dense' : 'comfortable')}
        />
        <p className="w-full text-sm text-fg-muted">
          {t('designLibrary.menusTabs.compact.chosen', { density: t(`designLibrary.menusTabs.compact.${density}`) })}
        </p>
      </Specimen>
      <Specimen label={t('designLibrary.menusTabs.tabs.caption')} wide>
        <AppTabs
          label={t('designLibrary.menusTabs.tabs.label')}
          className="w-full"
          tabs={[
            {
              label: t('designLibrary.menusTabs.tabs.published'),
              count: 12,
              panel: panel(t('designLibrary.menusTabs.tabs.publishedPanel')),
            },
            {
              label: t('designLibrary.menusTabs.tabs.scheduled'),
              count: 3,
              panel: panel(t('designLibrary.menusTabs.tabs.scheduledPanel')),
            },
            {
              label: t('designLibrary.menusTabs.tabs.drafts'),
              count: 0,
              disabled: true,
              panel: panel(t('designLibrary.menusTabs.tabs.draftsPanel')),
            },
          ]}
        />
      </Specimen>
      <Specimen label={t('designLibrary.menusTabs.tabs.longCaption')}>
        <AppTabs
          label={t('designLibrary.menusTabs.tabs.longLabel')}
          className="w-full"
          tabs={[
            {
              label: t('designLibrary.menusTabs.tabs.awaiting'),
              count: 37,
              panel: panel(t('designLibrary.menusTabs.tabs.awaitingPanel')),
            },
            {
              label: t('designLibrary.menusTabs.tabs.hidden'),
              count: 5,
              panel: panel(t('designLibrary.menusTabs.tabs.hiddenPanel')),
            },
            {
              label: t('designLibrary.menusTabs.tabs.replied'),
              count: 128,
              panel: panel(t('designLibrary.menusTabs.tabs.repliedPanel')),
            },
          ]}
        />
      </Specimen>
    </Section>
  );
}
