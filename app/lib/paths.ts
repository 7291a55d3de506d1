import { safeReturnUrl } from './return-url';

/** Every in-app path is built here, so encoding and defaults live in one place. */
export const paths = {
  home: () => '/',
  projects: () => '/projects',
  adminSupport: () => '/admin/support',
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
  maintenance: () => '/maintenance',
};

/** The path (with query) a request was made for: what a guard sends back as returnUrl. */
export function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}
