/**
 * What a user did in a prerendered form before the app took the page over (decision 0010): the
 * build's early script (`build/prerender.ts`) keeps it in `window.tasreehEarly`, by each field's
 * `autocomplete` name. A form reads it once, right after its first render replaced the HTML.
 */
export interface EarlyInput {
  /** The values typed, by the fields' `autocomplete` (`username`, `current-password`). */
  values: Record<string, string>;
  /** The form was submitted (the submit was held back until now). */
  submitted: boolean;
  /** The `autocomplete` of the field last focused. */
  focused: string | null;
}

declare global {
  interface Window {
    tasreehEarly?: EarlyInput;
  }
}

/** The early input, once: later calls (and pages the build did not prerender) get none. */
export function takeEarlyInput(): EarlyInput | undefined {
  const early = window.tasreehEarly;
  window.tasreehEarly = undefined;
  return early;
}
