/**
 * Runs `task` once the page has loaded and the browser has a moment to spare (at the latest
 * `timeout` ms after asking): for what no first screen needs, so it never competes with the
 * page's own first load. Returns a cancel.
 */
export function whenIdle(task: () => void, timeout = 5000): () => void {
  let cancelled = false;
  const start = () => {
    if (cancelled) return;
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => !cancelled && task(), { timeout });
    else setTimeout(() => !cancelled && task(), 200);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', start);
  };
}
