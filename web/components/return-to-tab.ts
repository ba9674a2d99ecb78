/**
 * Calls `back` each time the user returns to this tab (the window regains focus, or the page
 * becomes visible again); returns the function that stops listening.
 */
export function onReturnToTab(back: () => void): () => void {
  const listener = () => {
    if (document.visibilityState === 'visible') back();
  };
  window.addEventListener('focus', listener);
  document.addEventListener('visibilitychange', listener);
  return () => {
    window.removeEventListener('focus', listener);
    document.removeEventListener('visibilitychange', listener);
  };
}
