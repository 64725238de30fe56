import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { usePublicConfig } from '@/features/config';
import { useCurrentProject } from '@/features/projects';
import { Button } from '@/components/ui/Button';
import { CloudUploadIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/Modal';
import { cn } from '@/components/ui/cn';
import { formatBytes } from '@/lib/format';
import { useSignal } from '@/lib/signals';
import { dropFound, skipChecks, uploadChecked, useUploadChecks } from '../upload-checks';
import { restoreUnfinishedUploads } from '../uploads-store';
import { UploadChecks } from './UploadChecks';

/** The upload modal, opened anywhere in the app through the 'open-upload-modal' signal. */
export function UploadModal() {
  const [open, setOpen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const { projectId, project } = useCurrentProject();
  const maxBytes = usePublicConfig().data?.uploads.maxBytes;
  const checks = useUploadChecks();
  // Chosen files are compared with the project's videos before any is sent: the dialog stays while they are.
  const checking = checks.pending > 0 || checks.found.length > 0;
  const showChecks = checks.hashing !== null || checks.found.length > 0;
  useSignal('open-upload-modal', () => setOpen(true));
  // Uploads an earlier visit left unfinished are listed, ready to resume once their file is chosen again.
  useEffect(() => {
    void restoreUnfinishedUploads();
  }, []);

  function accept(files: FileList | null) {
    if (!files || projectId === undefined) return;
    // Only video/* files are taken; when none remains nothing happens.
    if (uploadChecked(Array.from(files), projectId, queryClient, maxBytes) > 0) setOpen(false);
  }

  function close() {
    skipChecks();
    dropFound();
    setOpen(false);
  }

  return (
    <Modal
      open={open || checking}
      onClose={close}
      title="Upload Videos"
      description={project ? `Videos are added to ${project.name}.` : undefined}
    >
      {showChecks ? (
        <UploadChecks checks={checks} />
      ) : projectId === undefined ? (
        <p className="text-sm text-zinc-600">Create a project first: videos always belong to a project.</p>
      ) : (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            accept(event.dataTransfer.files);
          }}
          onClick={(event) => {
            if (event.target === event.currentTarget) input.current?.click();
          }}
          className={cn(
            'flex cursor-pointer flex-col items-center rounded-2xl border-2 border-dashed px-6 py-10 text-center transition-colors',
            dragging ? 'border-brand-500 bg-brand-50' : 'border-zinc-300 bg-zinc-50 hover:border-zinc-400',
          )}
        >
          <div className="pointer-events-none mb-4 rounded-2xl bg-white p-3 text-brand-600 shadow-sm">
            <CloudUploadIcon className="size-8" />
          </div>
          <p className="pointer-events-none text-base font-semibold text-zinc-900">Drop your videos here</p>
          <p className="pointer-events-none mt-1 text-sm text-zinc-500">or click to browse</p>
          <Button className="mt-5" onClick={() => input.current?.click()}>
            Choose Files
          </Button>
          <p className="pointer-events-none mt-4 text-xs text-balance text-zinc-500">
            MP4, MOV, WebM and other video files
            {maxBytes === undefined ? '' : `, up to ${formatBytes(maxBytes)} each`}. Several at once.
          </p>
          <input
            ref={input}
            type="file"
            accept="video/*"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-label="Video files"
            onChange={(event) => {
              accept(event.target.files);
              event.target.value = '';
            }}
          />
        </div>
      )}
    </Modal>
  );
}
