import { safeReturnUrl } from './return-url';

/** Every in-app path is built here, so encoding and defaults live in one place. */
export const paths = {
  home: () => '/',
  projects: () => '/projects',
  inbox: () => '/inbox',
  /** `account`: the one a provider's return just stored (app/routes/integrations/callback.tsx), shown selected. */
  integrations: (account?: string) =>
    account ? `/integrations?account=${encodeURIComponent(account)}` : '/integrations',
  subscription: () => '/user/subscription',
  account: () => '/user/account',
  savedReplies: () => '/user/saved-replies',
  alertSettings: () => '/user/alerts',
  notifications: () => '/notifications',
  /** The impersonation's way back (an action without a screen). */
  impersonation: () => '/impersonation',
  /** Where a Facebook sign-up lands. */
  newProject: () => '/projects/new',
  projectChannels: (projectId: string) => `/projects/${encodeURIComponent(projectId)}/channels`,
  projectComments: (projectId: string) => `/projects/${encodeURIComponent(projectId)}/comments`,
  projectRules: (projectId: string) => `/projects/${encodeURIComponent(projectId)}/rules`,
  troubleshooting: (section?: string) => (section ? `/troubleshooting#${section}` : '/troubleshooting'),
  designLibrary: () => '/admin/design-library',
  adminSupport: () => '/admin/support',
  sentimentReview: () => '/admin/sentiment-review',
  /** Also where Mautic sends the browser back (contract/mautic.ts MAUTIC_REDIRECT_PATH). */
  adminMautic: () => '/admin/mautic',
  login: (returnUrl?: string | null) => {
    const target = safeReturnUrl(returnUrl, '');
    return target && target !== '/' ? `/login?returnUrl=${encodeURIComponent(target)}` : '/login';
  },
  logout: () => '/logout',
  forgotPassword: () => '/forgot-password',
  resetPassword: (token: string, email: string) =>
    `/reset-password/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`,
  register: (coupon?: string) => (coupon ? `/register/${encodeURIComponent(coupon)}` : '/register'),
  preferences: () => '/preferences',
  /** A project's report, open to anyone with the link. */
  publicReport: (token: string) => `/public/reports/${encodeURIComponent(token)}`,
  /** `from`: where the user was, to go back to once the API answers again. */
  maintenance: (from?: string) => {
    const target = safeReturnUrl(from, '');
    return target && target !== '/' && !target.startsWith('/maintenance')
      ? `/maintenance?from=${encodeURIComponent(target)}`
      : '/maintenance';
  },
};

/**
 * Where a user attaches channels next (docs/product.md#channels): a first project while they
 * have none, the only project's channels, or the projects to choose among. `step` says which, for
 * the words of the link.
 */
export function whereToAttachChannels(projectCount: number, onlyProjectId: string | undefined) {
  if (projectCount === 0) return { step: 'newProject', to: paths.newProject() } as const;
  if (projectCount === 1 && onlyProjectId) {
    return { step: 'projectChannels', to: paths.projectChannels(onlyProjectId) } as const;
  }
  return { step: 'projects', to: paths.projects() } as const;
}

/**
 * A path under /public/ is a public URL (docs/product.md#startup-and-the-loading-indicator): open
 * to anyone, no user asked.
 */
export const isPublicPath = (pathname: string) => pathname === '/public' || pathname.startsWith('/public/');

/**
 * The path (with query, and the fragment) a request was made for: what a guard sends back as
 * returnUrl. The router leaves the fragment out of a loader's request, so it is taken from the
 * address the browser is opening when that is the request's (a link opened, a reload): a
 * signed-out `/troubleshooting#convert` comes back to its section after sign-in.
 */
export function pathOf(request: Request): string {
  const url = new URL(request.url);
  const path = `${url.pathname}${url.search}`;
  if (typeof window === 'undefined') return path;
  const shown = window.location;
  return shown.pathname === url.pathname && shown.search === url.search ? `${path}${shown.hash}` : path;
}
