import { Logo } from './logo';

/**
 * The startup animation shown until the app knows who the user is (spec §2 Root shell): the
 * brand, and a pulse under it. It is pre-rendered into index.html, before any translation is
 * loaded, so it carries no words of its own (the brand is a name): the page is marked busy.
 */
export function LoadingScreen() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50" aria-busy="true">
      <Logo className="h-12" />
      <div className="flex gap-2" aria-hidden="true">
        {/* Delays as classes, not style attributes: the app's CSP refuses inline styles. */}
        {['[animation-delay:0ms]', '[animation-delay:150ms]', '[animation-delay:300ms]'].map((delay) => (
          <span key={delay} className={`h-3 w-3 animate-bounce rounded-full bg-brand-700 ${delay}`} />
        ))}
      </div>
    </div>
  );
}
