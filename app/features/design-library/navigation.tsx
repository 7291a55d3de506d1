import { useTranslation } from 'react-i18next';
import { Breadcrumb } from '~/components/ui/breadcrumb';
import { Button } from '~/components/ui/button';
import { PageHeader } from '~/components/ui/page-header';
import { SidebarNav } from '~/components/ui/sidebar-nav';
import { Section, Specimen } from './specimen';
import { StrokeIcon } from '~/components/ui/icon';

const icon = (d: string) => <StrokeIcon d={d} className="size-5" strokeWidth={1.75} />;

/** Where-am-I and where-can-I-go: page header, breadcrumb, sidebar. */
export function NavigationSection() {
  const { t } = useTranslation();
  const here = '/admin/design-library';
  return (
    <Section
      id="navigation"
      title={t('designLibrary.navigation.title')}
      description={t('designLibrary.navigation.description')}
    >
      <Specimen label={t('designLibrary.navigation.pageHeader')} wide>
        <div className="w-full">
          <PageHeader
            level={3}
            breadcrumb={
              <Breadcrumb
                items={[
                  { label: t('designLibrary.navigation.sample.projects'), to: here },
                  { label: t('designLibrary.navigation.sample.project') },
                ]}
              />
            }
            title={t('designLibrary.navigation.sample.project')}
            subtitle={t('designLibrary.navigation.sample.subtitle')}
            actions={
              <>
                <Button variant="secondary">{t('designLibrary.navigation.sample.share')}</Button>
                <Button>{t('designLibrary.navigation.sample.connect')}</Button>
              </>
            }
          />
        </div>
      </Specimen>
      <Specimen label={t('designLibrary.navigation.pageHeaderLong')} wide>
        <div className="w-full">
          <PageHeader level={3} title={t('designLibrary.navigation.sample.longTitle')} />
        </div>
      </Specimen>
      <Specimen label={t('designLibrary.navigation.breadcrumb')} wide>
        <Breadcrumb
          label={t('designLibrary.navigation.breadcrumb')}
          items={[
            { label: t('designLibrary.navigation.sample.admin'), to: here },
            { label: t('designLibrary.navigation.sample.users'), to: here },
            { label: t('designLibrary.navigation.sample.longName') },
          ]}
        />
      </Specimen>
      <Specimen label={t('designLibrary.navigation.sidebar')}>
        <div className="w-full max-w-64">
          <SidebarNav
            label={t('designLibrary.navigation.sidebar')}
            groups={[
              {
                items: [
                  {
                    label: t('designLibrary.navigation.sample.home'),
                    to: '/projects',
                    icon: icon('M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z'),
                  },
                  {
                    label: t('designLibrary.navigation.sample.library'),
                    to: here,
                    icon: icon('M4 5h16M4 12h16M4 19h10'),
                  },
                ],
              },
              {
                label: t('designLibrary.navigation.sample.admin'),
                items: [
                  {
                    label: t('designLibrary.navigation.sample.users'),
                    to: '/admin/support',
                    icon: icon('M16 19v-1a4 4 0 0 0-8 0v1M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z'),
                  },
                  {
                    label: t('designLibrary.navigation.sample.review'),
                    to: '/admin/sentiment-review',
                    count: 42,
                    icon: icon('M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.4A8 8 0 1 1 21 12Z'),
                  },
                ],
              },
            ]}
          />
        </div>
      </Specimen>
    </Section>
  );
}
