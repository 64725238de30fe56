import type { LibraryItem } from '../library-items';

/** What a grid card or a list row can ask the library to do with its item. */
export interface ItemHandlers {
  /** Whether the person may change the project's videos: a reviewer or a client is offered no change at all. */
  canChange: boolean;
  isSelected: (id: LibraryItem['id']) => boolean;
  onToggle: (id: LibraryItem['id']) => void;
  onAddDetails: (item: LibraryItem) => void;
  onEdit: (item: LibraryItem) => void;
  onDelete: (item: LibraryItem) => void;
  /** Sends a failed upload again. */
  onRetry: (item: LibraryItem) => void;
}
