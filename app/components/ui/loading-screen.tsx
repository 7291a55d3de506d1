import { Logo } from './logo';

/**
 * The startup animation shown until the app knows who the user is
 * (docs/product.md#startup-and-the-loading-indicator): the brand, its moon circling. It is
 * pre-rendered into index.html, before any translation is loaded, so it carries no words of its own
 * (the brand is a name): the page is marked busy. Classes only, no style attributes: the app's CSP
 * refuses inline styles in markup.
 */
export function LoadingScreen() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-canvas" aria-busy="true">
      <Logo className="h-14" animated />
    </div>
  );
}
