const FIRST_INPUT = ['pointerdown', 'keydown'] as const;

/**
 * Calls `then` once, on the person's first tap or key press (captured before any handler runs):
 * the moment to fetch what only an action needs (the toasts' container, the other screens' texts),
 * so the first view does not carry it and the action still finds it in. Returns a cancel.
 */
export function onFirstInput(then: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    stop();
    then();
  };
  const stop = () => {
    for (const type of FIRST_INPUT) window.removeEventListener(type, once, { capture: true });
  };
  for (const type of FIRST_INPUT) window.addEventListener(type, once, { capture: true, passive: true });
  return stop;
}
