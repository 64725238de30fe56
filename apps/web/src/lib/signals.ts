import { useLayoutEffect, useRef } from 'react';

/**
 * App-wide signals: loosely coupled parts of the app (sidebar, library, header) tell each other
 * that something happened without sharing state. Carried as DOM events on window.
 */
export type SignalName = 'open-upload-modal' | 'open-post-composer' | 'project-changed' | 'session-expired';

export function emitSignal(name: SignalName) {
  window.dispatchEvent(new Event(name));
}

export function onSignal(name: SignalName, handler: () => void): () => void {
  window.addEventListener(name, handler);
  return () => window.removeEventListener(name, handler);
}

/**
 * Listens from the moment the component is on screen: layout effects run in the same commit that shows it,
 * whereas plain effects may run a moment later, and a signal sent in between (a click on a button that
 * has just appeared) would be lost.
 */
export function useSignal(name: SignalName, handler: () => void) {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useLayoutEffect(() => onSignal(name, () => latest.current()), [name]);
}
