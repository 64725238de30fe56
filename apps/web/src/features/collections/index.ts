export { AddToCollection } from './components/AddToCollection';
export { CollectionFilters } from './components/CollectionFilters';
export { DuplicateChoice } from './components/DuplicateChoice';
export { DuplicateNotice } from './components/DuplicateNotice';
export { noteDuplicate } from './duplicates-store';
