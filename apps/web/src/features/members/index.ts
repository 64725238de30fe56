export { MembersSection } from './components/MembersSection';
