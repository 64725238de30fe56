import { useCallback, useState } from 'react';

type Id = number | string;

/** Checked items; what counts is only what is currently visible, so hidden items are never acted on. */
export function useSelection(visibleIds: readonly Id[]) {
  const [selected, setSelected] = useState<ReadonlySet<Id>>(new Set());
  const visibleSelected = visibleIds.filter((id) => selected.has(id));
  const allSelected = visibleIds.length > 0 && visibleSelected.length === visibleIds.length;

  const toggle = useCallback(
    (id: Id) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  /** The select-all box toggles every item that passes the current filter. */
  const toggleAll = (selectable: readonly Id[]) =>
    setSelected((current) => {
      const next = new Set(current);
      const everyOn = selectable.length > 0 && selectable.every((id) => next.has(id));
      for (const id of selectable) {
        if (everyOn) next.delete(id);
        else next.add(id);
      }
      return next;
    });

  const clear = useCallback(() => setSelected(new Set()), []);
  const isSelected = useCallback((id: Id) => selected.has(id), [selected]);

  return { selectedIds: visibleSelected, allSelected, toggle, toggleAll, clear, isSelected };
}
