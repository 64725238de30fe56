/** The security events' sentences live with the contracts: the server writes them into the trail too. */
export { securityEventText } from '@fanout/contracts';
