import { useEffect, useRef } from 'react';

/**
 * App-wide signals: loosely coupled parts of the app (sidebar, library, header) tell each other
 * that something happened without sharing state. Carried as DOM events on window.
 */
export type SignalName = 'open-upload-modal' | 'project-changed' | 'session-expired';

export function emitSignal(name: SignalName) {
  window.dispatchEvent(new Event(name));
}

export function onSignal(name: SignalName, handler: () => void): () => void {
  window.addEventListener(name, handler);
  return () => window.removeEventListener(name, handler);
}

export function useSignal(name: SignalName, handler: () => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onSignal(name, () => latest.current()), [name]);
}
