import { useState } from 'react';
import type { Post } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { NotesPanel } from '@/features/notes';
import { platformName } from '../platform-names';

/** Opens the team's notes on one post in a dialog (Escape or Close leaves it; focus stays inside while open). */
export function PostNotesButton({ post }: { post: Post }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Notes
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={`Notes on the ${platformName(post.platform)} post`}
        description={post.videoTitle}
      >
        <NotesPanel target={{ kind: 'posts', id: post.id }} headingLevel={3} />
      </Modal>
    </>
  );
}
