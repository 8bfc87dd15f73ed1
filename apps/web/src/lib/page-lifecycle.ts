let leaving = false;

if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leaving = true;
  });
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/**
 * Whether the page is being left (reload, typed address, closed tab). The browser then
 * cancels requests in flight, and such a failure says nothing about the request itself.
 */
export function isLeavingPage(): boolean {
  return leaving;
}
