import { index, layout, prefix, route, type RouteConfig } from '@remix-run/route-config';

/**
 * The route tree (docs/product.md#screens), declared here so it reads at a glance: each pathless
 * layout owns a guard and a frame, and a page is a `route()` inside the layout it belongs to.
 * See docs/decisions/012-app-shape.md.
 */
export default [
  // The empty path goes to the projects dashboard.
  index('routes/home.tsx'),

  // Guests only (requireGuest): the auth frame with the info panel.
  layout('routes/auth/layout.tsx', [
    route('login', 'routes/auth/login.tsx'),
    route('forgot-password', 'routes/auth/forgot-password.tsx'),
    route('reset-password/:token', 'routes/auth/reset-password.tsx'),
    route('register/:coupon?', 'routes/auth/register.tsx'),
  ]),

  // Signed-in users (requireUser): the app chrome.
  layout('routes/app/layout.tsx', [
    route('projects', 'routes/projects/list.tsx'),
    route('projects/new', 'routes/projects/new.tsx'),
    route('projects/:projectId/channels', 'routes/projects/channels.tsx'),
    route('projects/:projectId/comments', 'routes/projects/comments.tsx'),
    route('projects/:projectId/rules', 'routes/projects/rules.tsx'),
    route('inbox', 'routes/inbox.tsx'),
    route('troubleshooting', 'routes/help/troubleshooting.tsx'),
    route('integrations', 'routes/integrations.tsx'),
    // Where a provider sends the browser back after a connection (contract/oauth.ts).
    route('integrations/:return/callback', 'routes/integrations/callback.tsx'),
    route('user/account', 'routes/user/account.tsx'),
    route('user/account/email/:token', 'routes/user/confirm-email.tsx'),
    route('user/subscription', 'routes/user/subscription.tsx'),
    route('user/saved-replies', 'routes/user/saved-replies.tsx'),
    route('user/alerts', 'routes/user/alerts.tsx'),

    // Admins only (requireAdmin); anybody else meets the not-found page.
    layout('routes/admin/layout.tsx', [
      ...prefix('admin', [
        index('routes/admin/home.tsx'),
        route('support', 'routes/admin/support.tsx'),
        route('sentiment-review', 'routes/admin/sentiment-review.tsx'),
        route('design-library', 'routes/admin/design-library.tsx'),
        route('mautic', 'routes/admin/mautic.tsx'),
      ]),
    ]),
  ]),

  // Where Facebook sends a guest back after signing in or up with it (contract/oauth.ts).
  route('auth/:return/callback', 'routes/auth/facebook-callback.tsx'),

  // Actions without a screen of their own.
  route('logout', 'routes/auth/logout.tsx'),
  route('preferences', 'routes/preferences.tsx'),
  route('notifications', 'routes/notifications.tsx'),
  route('impersonation', 'routes/impersonation.tsx'),

  // Open to everybody.
  route('maintenance', 'routes/public/maintenance.tsx'),
  route('facebook-deletion/:id', 'routes/public/facebook-deletion.tsx'),
  route('public/reports/:token', 'routes/public/report.tsx'),
  route('404', 'routes/public/not-found.tsx', { id: 'routes/public/not-found' }),
  route('*', 'routes/public/not-found.tsx', { id: 'routes/public/unknown-path' }),
] satisfies RouteConfig;
