export { RulesSection } from './components/RulesSection';
