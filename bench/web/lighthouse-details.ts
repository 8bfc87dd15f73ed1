import type { Result } from 'lighthouse';

/**
 * What a Lighthouse run says about why a page scored as it did, as a few lines of text
 * (`BENCH_LIGHTHOUSE_DETAILS=1`): the five metrics, the paints as observed before the simulation, the LCP element and its phases, the layout
 * shifts, render-blocking files, main-thread work, each script's cost, long tasks, and the
 * requests in the order they started.
 */

type Item = Record<string, unknown>;

function itemsOf(lhr: Result, auditId: string): Item[] {
  const details: unknown = lhr.audits[auditId]?.details;
  if (typeof details !== 'object' || details === null || !('items' in details)) return [];
  return Array.isArray(details.items) ? details.items.filter(isItem) : [];
}

function isItem(value: unknown): value is Item {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(Math.round(value));
  if (isItem(value)) return text(value.snippet ?? value.selector ?? value.url ?? value.value ?? '');
  return '';
}

function ms(value: unknown): string {
  return typeof value === 'number' ? `${Math.round(value)} ms` : '?';
}

/** A URL as a short path: same-origin files by path alone. */
function shortUrl(value: unknown, origin: string): string {
  const url = text(value);
  return url.startsWith(origin) ? url.slice(origin.length) || '/' : url;
}

function metric(lhr: Result, auditId: string): string {
  const audit = lhr.audits[auditId];
  if (!audit) return '?';
  const score = audit.score === null ? '' : ` (${Math.round(audit.score * 100)})`;
  return `${audit.displayValue ?? '?'}${score}`;
}

/** Lines describing one audit of `lhr`, each prefixed with `label`. */
export function describeRun(lhr: Result, label: string): string {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const lines: string[] = [
    `performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}: FCP ${metric(lhr, 'first-contentful-paint')}, LCP ${metric(lhr, 'largest-contentful-paint')}, TBT ${metric(lhr, 'total-blocking-time')}, SI ${metric(lhr, 'speed-index')}, CLS ${metric(lhr, 'cumulative-layout-shift')}`,
  ];

  // What the unthrottled load showed, before Lighthouse's simulation: the paints it simulates from.
  const observed = itemsOf(lhr, 'metrics')[0];
  if (observed) {
    lines.push(
      `observed: FCP ${ms(observed.observedFirstContentfulPaint)}, LCP ${ms(observed.observedLargestContentfulPaint)}, DOMContentLoaded ${ms(observed.observedDomContentLoaded)}, load ${ms(observed.observedLoad)}`,
    );
  }
  // The LCP element audit is a list: a table with the node, then a table of its phases.
  for (const table of itemsOf(lhr, 'largest-contentful-paint-element')) {
    const rows = Array.isArray(table.items) ? table.items.filter(isItem) : [];
    for (const row of rows) {
      if (row.node) lines.push(`LCP element: ${text(row.node).slice(0, 160)}`);
      if (row.phase) lines.push(`  LCP phase ${text(row.phase)}: ${ms(row.timing)}`);
    }
  }
  for (const shift of itemsOf(lhr, 'layout-shifts')) {
    lines.push(`layout shift ${Number(shift.score).toFixed(3)}: ${text(shift.node).slice(0, 120)}`);
  }
  for (const file of itemsOf(lhr, 'render-blocking-resources')) {
    lines.push(`render-blocking: ${shortUrl(file.url, origin)} (${ms(file.wastedMs)})`);
  }
  const work = itemsOf(lhr, 'mainthread-work-breakdown')
    .map((group) => `${text(group.groupLabel)} ${ms(group.duration)}`)
    .join(', ');
  lines.push(`main thread: ${work}`);
  for (const script of itemsOf(lhr, 'bootup-time')) {
    lines.push(
      `script ${shortUrl(script.url, origin)}: ${ms(script.total)} (evaluation ${ms(script.scripting)}, parse ${ms(script.scriptParseCompile)})`,
    );
  }
  for (const task of itemsOf(lhr, 'long-tasks')) {
    lines.push(`long task at ${ms(task.startTime)}: ${ms(task.duration)} ${shortUrl(task.url, origin)}`);
  }
  for (const request of itemsOf(lhr, 'network-requests')) {
    const size = typeof request.transferSize === 'number' ? (request.transferSize / 1000).toFixed(1) : '?';
    lines.push(
      `request ${ms(request.networkRequestTime)} → ${ms(request.networkEndTime)} ${size} KB ${text(request.resourceType)} ${shortUrl(request.url, origin)}`,
    );
  }
  return lines.map((line) => `[${label}] ${line}`).join('\n');
}
