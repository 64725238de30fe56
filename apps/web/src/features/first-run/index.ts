export { FirstSteps } from './components/FirstSteps';
