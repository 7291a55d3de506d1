import { useTranslation } from 'react-i18next';
import type { User } from '~/features/auth/api';
import { useInboxOpenCount } from '~/features/comments/inbox';
import { paths } from '~/lib/paths';
import { SidebarNav, type NavGroup } from './ui/sidebar-nav';
import { StrokeIcon } from './ui/icon';

/** A tray with a slot: the inbox (the navigation and the header's link draw it alike). */
export const INBOX_ICON =
  'M4 13h4l1.5 3h5L16 13h4M4 13l2.5-7.5A1 1 0 0 1 7.4 5h9.2a1 1 0 0 1 .9.5L20 13v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z';

const icon = (d: string) => <StrokeIcon d={d} className="size-5" strokeWidth={1.75} />;

/**
 * The signed-in navigation (docs/product.md#navigation: Home, Inbox, Saved replies, Integrations, Account,
 * Subscription, Troubleshooting), in the sidebar on wide screens and in the drawer on a phone. A
 * page joins here when it exists: a link to a page that is not there yet would be a dead end.
 */
export function AppNav({ user, onNavigate }: { user: User; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const open = useInboxOpenCount();
  const groups: NavGroup[] = [
    {
      items: [
        {
          label: t('nav.homeLink'),
          to: paths.projects(),
          icon: icon('M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z'),
        },
        {
          label: t('inbox.nav'),
          to: paths.inbox(),
          count: open,
          // A tray: every comment, in one place.
          icon: icon(INBOX_ICON),
        },
        {
          label: t('savedReplies.nav'),
          to: paths.savedReplies(),
          // A speech bubble with lines: replies kept to use again.
          icon: icon('M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12ZM8.5 10h7M8.5 13.5h4.5'),
        },
        {
          label: t('nav.integrations'),
          to: paths.integrations(),
          // Two linked rings: connected accounts.
          icon: icon(
            'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
          ),
        },
        {
          label: t('account.nav'),
          to: paths.account(),
          // A person: the user's own account.
          icon: icon('M20 21v-1.5a4.5 4.5 0 0 0-4.5-4.5h-7A4.5 4.5 0 0 0 4 19.5V21M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z'),
        },
        {
          label: t('subscription.nav'),
          to: paths.subscription(),
          // A card: the plan and its payment method.
          icon: icon('M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM3 10h18M7 15h3'),
        },
        {
          label: t('nav.troubleshooting'),
          to: paths.troubleshooting(),
          icon: icon('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01'),
        },
      ],
    },
  ];
  if (user.role === 'admin') {
    groups.push({
      label: t('nav.admin'),
      items: [
        {
          label: t('nav.support'),
          to: paths.adminSupport(),
          // People: the users support staff look after.
          icon: icon(
            'M16 20v-1.5a3.5 3.5 0 0 0-3.5-3.5h-5A3.5 3.5 0 0 0 4 18.5V20M10 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM20 20v-1.5a3.5 3.5 0 0 0-2.5-3.35M15.5 4.15a3.5 3.5 0 0 1 0 6.7',
          ),
        },
        {
          label: t('review.nav'),
          to: paths.sentimentReview(),
          // A speech bubble with a tick: comments, checked.
          icon: icon('M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12ZM9 12l2 2 4-4'),
        },
        {
          label: t('mautic.nav'),
          to: paths.adminMautic(),
          // A key: the installation's authorisation at Mautic.
          icon: icon(
            'M21 2l-2 2m-7.61 7.61a5.5 5.5 0 1 1-7.778 7.778 5.5 5.5 0 0 1 7.777-7.777zm0 0L15.5 7.5m0 0l3 3L22 7l-3-3m-3.5 3.5L19 4',
          ),
        },
        {
          label: t('designLibrary.title'),
          to: paths.designLibrary(),
          icon: icon(
            'M4 5a1 1 0 0 1 1-1h5v7H4zM14 4h5a1 1 0 0 1 1 1v4h-6zM14 13h6v6a1 1 0 0 1-1 1h-5zM4 15h6v5H5a1 1 0 0 1-1-1z',
          ),
        },
      ],
    });
  }
  return (
    <div onClickCapture={(event) => (event.target as HTMLElement).closest('a') && onNavigate?.()}>
      <SidebarNav label={t('nav.main')} groups={groups} />
    </div>
  );
}
