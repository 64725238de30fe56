import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/ui/Toast';
import { api, errorMessage } from '@/lib/api-client';
import { dismissDuplicate, useDuplicates, type DuplicateUpload } from '../duplicates-store';
import { DuplicateChoice } from './DuplicateChoice';

function DuplicateItem({ duplicate }: { duplicate: DuplicateUpload }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  /** Drops the new copy and opens the video that was there first. */
  async function openFirst() {
    setBusy(true);
    try {
      await api.delete(`/videos/${duplicate.videoId}`);
      dismissDuplicate(duplicate.videoId);
      void queryClient.invalidateQueries({ queryKey: ['videos'] });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      void queryClient.invalidateQueries({ queryKey: ['storage'] });
      await navigate(`/video/${duplicate.firstId}`);
    } catch (err) {
      toast.show(errorMessage(err, 'The new copy could not be removed.'), 'error');
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <DuplicateChoice
        title={duplicate.title}
        busy={busy}
        onOpenFirst={() => void openFirst()}
        onKeepBoth={() => dismissDuplicate(duplicate.videoId)}
      />
    </li>
  );
}

/** The uploads that turned out to be files the project already had, each with its two choices. */
export function DuplicateNotice() {
  const duplicates = useDuplicates();
  if (duplicates.length === 0) return null;
  return (
    <section aria-label="Duplicate uploads" className="mb-4 rounded-xl border border-amber-200 bg-amber-50">
      <ul className="divide-y divide-amber-100">
        {duplicates.map((duplicate) => (
          <DuplicateItem key={duplicate.videoId} duplicate={duplicate} />
        ))}
      </ul>
    </section>
  );
}
