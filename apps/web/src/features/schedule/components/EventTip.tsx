import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';

interface Shown {
  text: string;
  target: DOMRect;
}

const GAP = 4;
const MARGIN = 8;

/**
 * A post's whole title (and platform) beside it while the pointer rests on it or it has the keyboard's focus:
 * on the calendar titles are cut to the width of a day. Reads `data-tip` from what is pointed at inside
 * `within`. Fixed to the window, so no day cell clips it, and kept inside the window's width; Escape or
 * scrolling closes it. Screen readers are not told: the post's button is already named by the whole title.
 */
export function EventTip({ within }: { within: RefObject<HTMLElement | null> }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState({ left: 0, top: 0 });

  useEffect(() => {
    const root = within.current;
    if (!root) return;
    const tipOf = (node: EventTarget | null) =>
      node instanceof Element ? node.closest<HTMLElement>('[data-tip]') : null;
    const show = (event: Event) => {
      const target = tipOf(event.target);
      if (target) setShown({ text: target.dataset.tip!, target: target.getBoundingClientRect() });
    };
    const hide = (event: Event) => {
      const target = tipOf(event.target);
      const next = tipOf((event as FocusEvent | PointerEvent).relatedTarget);
      if (target && target !== next) setShown(null);
    };
    const close = () => setShown(null);
    const onKey = (event: Event) => (event as KeyboardEvent).key === 'Escape' && close();
    const listeners: [EventTarget, string, (event: Event) => void, boolean?][] = [
      [root, 'pointerover', show],
      [root, 'pointerout', hide],
      [root, 'focusin', show],
      [root, 'focusout', hide],
      [document, 'keydown', onKey],
      [window, 'scroll', close, true],
    ];
    for (const [target, type, listener, capture] of listeners) target.addEventListener(type, listener, capture);
    return () => {
      for (const [target, type, listener, capture] of listeners) target.removeEventListener(type, listener, capture);
    };
  }, [within]);

  // Below the post, or above it near the bottom of the window; never past either side.
  useLayoutEffect(() => {
    if (!shown || !box.current) return;
    const { offsetWidth: width, offsetHeight: height } = box.current;
    const below = shown.target.bottom + GAP;
    setPlace({
      left: Math.max(MARGIN, Math.min(shown.target.left, window.innerWidth - width - MARGIN)),
      top: below + height > window.innerHeight ? shown.target.top - height - GAP : below,
    });
  }, [shown]);

  if (!shown) return null;
  return createPortal(
    <div
      ref={box}
      aria-hidden="true"
      data-testid="event-tip"
      style={place}
      className="pointer-events-none fixed z-40 max-w-[min(20rem,calc(100vw-1rem))] rounded-lg bg-zinc-900 px-2.5 py-1.5 text-xs whitespace-pre-line text-white shadow-lg"
    >
      {shown.text}
    </div>,
    document.body,
  );
}
