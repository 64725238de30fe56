export {
  useSession,
  setUser,
  clearSession,
  isLoggedIn,
  sessionEndedBySignOut,
  GUEST_USER,
  type SessionUser,
} from './session-store';
export { useLogout } from './api/logout';
export { useMe } from './api/get-me';
export { validateSecondFactor } from './validation';
export { isPasskeyPromptCancelled } from './passkey-sign-in';
