/**
 * The startup animation shown until the app knows who the user is (spec §2 Root shell). It is
 * pre-rendered into index.html, before any translation is loaded, so it carries no words of
 * its own: the page is marked busy instead.
 */
export function LoadingScreen() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50" aria-busy="true">
      <div className="flex gap-2" aria-hidden="true">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="h-3 w-3 animate-bounce rounded-full bg-brand-700"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </div>
    </div>
  );
}
