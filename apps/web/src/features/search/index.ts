export { HeaderSearch } from './components/HeaderSearch';
