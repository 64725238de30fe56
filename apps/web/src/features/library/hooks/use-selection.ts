import { useMemo, useState } from 'react';

type Id = number | string;

interface Picked {
  ids: ReadonlySet<Id>;
  /** The filters (project, search, status) the selection was made under. */
  scope: string;
}

/**
 * Checked items. A selection belongs to the filters it was made under: once they change, only the
 * checked items still shown stay selected, so hidden items are never acted on. Under its own filters a
 * selection may hold items not loaded yet (select-all selects every match, over all pages).
 */
export function useSelection(scope: string, visibleIds: readonly Id[]) {
  const [picked, setPicked] = useState<Picked>({ ids: new Set(), scope });
  const selected = useMemo<ReadonlySet<Id>>(
    () => (picked.scope === scope ? picked.ids : new Set(visibleIds.filter((id) => picked.ids.has(id)))),
    [picked, scope, visibleIds],
  );

  const toggle = (id: Id) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked({ ids: next, scope });
  };

  return {
    selected,
    count: selected.size,
    isSelected: (id: Id) => selected.has(id),
    toggle,
    /** Selects exactly `ids`, under the filters `under` (those in force once a pending search is applied). */
    select: (ids: readonly Id[], under: string) => setPicked({ ids: new Set(ids), scope: under }),
    clear: () => setPicked({ ids: new Set(), scope }),
  };
}
