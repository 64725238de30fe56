import { useEffect, type RefObject } from 'react';

const CANDIDATES =
  'a[href], area[href], button, input:not([type="hidden"]), select, textarea, iframe, summary, [contenteditable], [tabindex]';

function isVisible(element: HTMLElement) {
  if (element.closest('[hidden], [inert]')) return false;
  // Browsers know the layout; jsdom has no checkVisibility and no layout to ask.
  return typeof element.checkVisibility === 'function' ? element.checkVisibility({ visibilityProperty: true }) : true;
}

/** What Tab actually stops at: enabled, in the tab order (tabIndex >= 0) and shown. */
export function tabbableIn(container: HTMLElement) {
  return Array.from(container.querySelectorAll<HTMLElement>(CANDIDATES)).filter(
    (element) => element.tabIndex >= 0 && !element.matches(':disabled') && isVisible(element),
  );
}

/**
 * The elements focused most recently, newest last. When focus has fallen to <body> because the focused
 * element was removed (a menu item that closed its menu), the newest one still in the page is a better
 * place to give focus back to than <body>.
 */
let history: HTMLElement[] = [];
let tracking = false;

function trackFocus() {
  if (tracking) return;
  tracking = true;
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || target === document.body) return;
    history = [...history.filter((element) => element !== target), target].slice(-20);
  });
  document.addEventListener('focusout', (event) => {
    if (event.relatedTarget !== null) return;
    const target = event.target;
    window.setTimeout(() => {
      // Still in the page with nothing focused: the user put focus nowhere on purpose (a click on blank space).
      const nothingFocused = !document.activeElement || document.activeElement === document.body;
      if (nothingFocused && target instanceof Node && target.isConnected) history = [];
    });
  });
}

function returnTarget(container: HTMLElement) {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  for (let i = history.length - 1; i >= 0; i--) {
    const element = history[i]!;
    if (element.isConnected && !container.contains(element)) return element;
  }
  return null;
}

/** Keeps Tab inside the container while it is open, and gives focus back to where it was on close. */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    trackFocus();
    if (!active) return;
    const container = ref.current;
    if (!container) return;
    const previous = returnTarget(container);
    const autofocus = container.querySelector<HTMLElement>('[data-autofocus]');
    (autofocus ?? tabbableIn(container)[0] ?? container).focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Tab') return;
      const items = tabbableIn(container!);
      if (items.length === 0) return event.preventDefault();
      const current = document.activeElement;
      const from = current && current !== container && container!.contains(current) ? current : null;
      const direction = event.shiftKey ? Node.DOCUMENT_POSITION_PRECEDING : Node.DOCUMENT_POSITION_FOLLOWING;
      // Wrap when no stop lies further on in the direction of travel, also from a spot that is not a stop.
      const ahead = (item: HTMLElement) => from !== null && Boolean(from.compareDocumentPosition(item) & direction);
      if (!items.some(ahead)) {
        event.preventDefault();
        (event.shiftKey ? items[items.length - 1]! : items[0]!).focus();
      }
    }
    container.addEventListener('keydown', onKeyDown);
    return () => {
      container.removeEventListener('keydown', onKeyDown);
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [ref, active]);
}
