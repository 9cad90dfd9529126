import { type UIEvent, useRef } from 'react';

const PANELS = ['original', 'removed', 'translated'] as const;
export type PanelKey = (typeof PANELS)[number];

/** Scrolling one panel scrolls the others to the same spot, so the three images compare line by line. */
export function useSyncedScroll() {
  const refs = useRef<Record<PanelKey, HTMLDivElement | null>>({
    original: null,
    removed: null,
    translated: null,
  });
  const syncing = useRef(false);
  const onScroll = (from: PanelKey) => (e: UIEvent<HTMLDivElement>) => {
    if (syncing.current) return;
    const src = e.currentTarget;
    const fx = src.scrollWidth > src.clientWidth ? src.scrollLeft / (src.scrollWidth - src.clientWidth) : 0;
    const fy =
      src.scrollHeight > src.clientHeight ? src.scrollTop / (src.scrollHeight - src.clientHeight) : 0;
    syncing.current = true;
    for (const key of PANELS) {
      const el = refs.current[key];
      if (!el || key === from) continue;
      el.scrollLeft = fx * (el.scrollWidth - el.clientWidth);
      el.scrollTop = fy * (el.scrollHeight - el.clientHeight);
    }
    requestAnimationFrame(() => {
      syncing.current = false;
    });
  };
  const bind = (key: PanelKey) => ({
    ref: (el: HTMLDivElement | null) => {
      refs.current[key] = el;
    },
    onScroll: onScroll(key),
  });
  return bind;
}
