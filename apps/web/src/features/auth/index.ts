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
export { useEndPendingSignOuts } from './pending-sign-outs';
export { useMe } from './api/get-me';
export { useUpdateMe } from './api/update-me';
export { useAdoptBrowserTimeZone } from './hooks/use-adopt-browser-time-zone';
export { validateSecondFactor } from './second-factor-code';
export { isPasskeyPromptCancelled } from './passkey-prompt';
export { CodeField } from './components/CodeField';
