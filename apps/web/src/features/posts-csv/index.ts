export { PostsCsvActions } from './components/PostsCsvActions';
export { importPostsCsv } from './api/import-posts';
