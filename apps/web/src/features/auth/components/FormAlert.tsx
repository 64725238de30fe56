import { WarningIcon } from '@/components/ui/icons';

export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="mb-5 flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
    >
      <WarningIcon className="mt-0.5 size-4 shrink-0" />
      <p>{message}</p>
    </div>
  );
}
