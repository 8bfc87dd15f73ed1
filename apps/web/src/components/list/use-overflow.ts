import { type RefObject, useEffect, useState } from 'react';

export interface Overflow {
  /** The content is wider than the box: part of it is out of sight. */
  overflows: boolean;
  /** Scrolled to the far end (the left in RTL): nothing more to see that way. */
  atEnd: boolean;
}

function measure(box: HTMLElement): Overflow {
  const hidden = box.scrollWidth - box.clientWidth;
  // scrollLeft runs negative from 0 in RTL, so its size is how far the box has scrolled.
  return { overflows: hidden > 1, atEnd: Math.abs(box.scrollLeft) >= hidden - 1 };
}

/** Whether a sideways-scrolling box hides part of its content, kept up as it scrolls or resizes. */
export function useOverflow(ref: RefObject<HTMLElement | null>): Overflow {
  const [overflow, setOverflow] = useState<Overflow>({ overflows: false, atEnd: true });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () =>
      setOverflow((current) => {
        const next = measure(box);
        return next.overflows === current.overflows && next.atEnd === current.atEnd ? current : next;
      });
    update();
    const observer = new ResizeObserver(update);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', update);
    };
  }, [ref]);
  return overflow;
}
