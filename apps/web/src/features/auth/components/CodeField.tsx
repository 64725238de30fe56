import { cn } from '@/components/ui/cn';
import { TextField } from '@/components/ui/Field';

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Also takes a backup code (letters and a dash), not only six digits. */
  acceptsBackupCode?: boolean;
  label?: string;
  hint?: string;
  autoFocus?: boolean;
  /** As wide as the form (the sign-in step), instead of just wide enough for six digits. */
  fullWidth?: boolean;
}

/** The code from the authenticator app (or, where allowed, a backup code). */
export function CodeField(props: CodeFieldProps) {
  const { value, onChange, error, acceptsBackupCode, label, hint, autoFocus, fullWidth } = props;
  if (acceptsBackupCode) {
    return (
      <TextField
        label={label ?? 'Code'}
        hint={hint ?? 'From your authenticator app, or one of your backup codes'}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        autoFocus={autoFocus}
        className="font-mono"
      />
    );
  }
  return (
    <TextField
      label={label ?? '6-digit code'}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/[^0-9]/g, ''))}
      error={error}
      autoFocus={autoFocus}
      className={cn('text-center font-mono text-lg', fullWidth ? 'tracking-[0.5em]' : 'max-w-40 tracking-[0.3em]')}
    />
  );
}
