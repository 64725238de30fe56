export { applyActivityEvent } from './api/get-activity';
