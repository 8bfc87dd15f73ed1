/**
 * Loads the ALTCHA widget (the `<altcha-widget>` element) on first need, with its styles, its
 * proof-of-work worker and its English and Arabic texts: the CSP-friendly build (no inline
 * styles or blob workers), served from our own origin. No outside service is called.
 */
let loading: Promise<void> | undefined;

export function loadAltcha(): Promise<void> {
  loading ??= (async () => {
    // The texts set up the widget's global registry; the worker is registered in it before the
    // element is defined, since a widget already on the page starts solving as soon as it is.
    const [{ default: Pbkdf2Worker }] = await Promise.all([
      import('altcha/workers/pbkdf2?worker'),
      import('altcha/i18n/ar'),
      import('altcha/i18n/en'),
      import('altcha/altcha.css'),
    ]);
    globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
    await import('altcha/external');
  })();
  return loading;
}
