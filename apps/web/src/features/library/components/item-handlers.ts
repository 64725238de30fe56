import type { LibraryItem } from '../library-items';

/** What a grid card or a list row can ask the library to do with its item. */
export interface ItemHandlers {
  isSelected: (id: LibraryItem['id']) => boolean;
  onToggle: (id: LibraryItem['id']) => void;
  onAddDetails: (item: LibraryItem) => void;
  onEdit: (item: LibraryItem) => void;
  onDelete: (item: LibraryItem) => void;
  /** Sends a failed upload again. */
  onRetry: (item: LibraryItem) => void;
}
