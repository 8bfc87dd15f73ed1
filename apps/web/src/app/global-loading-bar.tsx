import { Progress } from '@mantine/core';
import { useInFlightCount } from '../api/in-flight.ts';

/** A thin bar across the top of the page while any API request is in flight (spec §7). */
export function GlobalLoadingBar() {
  const inFlight = useInFlightCount();
  if (inFlight === 0) return null;
  return (
    <div
      aria-hidden
      data-testid="global-loading"
      style={{ position: 'fixed', insetBlockStart: 0, insetInline: 0, zIndex: 1000 }}
    >
      <Progress value={100} animated striped size="xs" radius={0} />
    </div>
  );
}
