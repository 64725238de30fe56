import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { PlatformKey } from '@fanout/contracts';
import { ICON_PLATFORMS, PlatformIcon } from '@/components/ui/PlatformIcon';

/**
 * The app's own platform icons as plain DOM for the calendar's posts (see post-event-dom.ts). Each is rendered
 * once, when this module loads (outside any React render, where flushSync could not run), and cloned per post.
 */
const stamps = new Map<PlatformKey, Element>(
  ICON_PLATFORMS.map((platform) => {
    const host = document.createElement('span');
    const root = createRoot(host);
    flushSync(() => root.render(<PlatformIcon platform={platform} className="size-4 rounded" />));
    const stamp = host.firstElementChild!.cloneNode(true) as Element;
    root.unmount();
    return [platform, stamp];
  }),
);

export function platformIconNode(platform: PlatformKey): Element {
  return stamps.get(platform)!.cloneNode(true) as Element;
}
