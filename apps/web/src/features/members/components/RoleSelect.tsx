import type { MemberRole } from '@fanout/contracts';
import { inputClasses } from '@/components/ui/Field';
import { cn } from '@/components/ui/cn';
import { MEMBER_ROLES, ROLE_LABELS } from '../roles';

/** A member role picker; `label` names it for screen readers when no visible label is beside it. */
export function RoleSelect({
  value,
  onChange,
  label,
  id,
  disabled,
  className,
}: {
  value: MemberRole;
  onChange: (role: MemberRole) => void;
  label?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as MemberRole)}
      className={cn(inputClasses, 'w-auto', className)}
    >
      {MEMBER_ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}
