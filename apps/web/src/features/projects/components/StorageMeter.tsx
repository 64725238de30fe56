import { ProgressBar } from '@/components/ui/ProgressBar';
import { Skeleton } from '@/components/ui/States';
import { formatStorageUsage, storageBarWidth, storagePercent } from '@/lib/format';
import { useStorage } from '../api/get-storage';

export function StorageMeter() {
  const { data, isPending, isError, refetch } = useStorage();
  return (
    <section aria-labelledby="storage-heading" className="rounded-xl border border-zinc-200 bg-white p-3">
      <h2 id="storage-heading" className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
        Storage
      </h2>
      {isPending ? (
        <div className="mt-2 space-y-2">
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="h-1.5 w-full" />
        </div>
      ) : isError ? (
        <p className="mt-2 text-xs text-zinc-600">
          Storage use could not be loaded.{' '}
          <button type="button" onClick={() => refetch()} className="font-medium text-brand-700 underline">
            Retry
          </button>
        </p>
      ) : (
        <>
          <p className="mt-1.5 text-sm text-zinc-800">{formatStorageUsage(data.used_storage, data.total_storage)}</p>
          <ProgressBar
            className="mt-2"
            label="Storage used"
            value={storagePercent(data.used_storage, data.total_storage)}
            drawnWidth={storageBarWidth(data.used_storage, data.total_storage)}
            valueText={`${storagePercent(data.used_storage, data.total_storage)}%`}
            tone={storagePercent(data.used_storage, data.total_storage) >= 90 ? 'red' : 'brand'}
          />
        </>
      )}
    </section>
  );
}
