/**
 * `run` at most once every `ms`: a call after a quiet spell runs at once; calls meanwhile are
 * gathered into one run at the end of the spell, so the last call is never lost. For work that
 * reads the current state whatever asked for it (reading a page's data again).
 */
export function throttle(run: () => void, ms: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    last = Date.now();
    run();
  };
  return {
    call() {
      if (timer !== undefined) return;
      const wait = last + ms - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
