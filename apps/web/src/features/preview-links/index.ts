export { PreviewLinksSection } from './components/PreviewLinksSection';
